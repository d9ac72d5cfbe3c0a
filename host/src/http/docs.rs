//! `/docs/<name>`: the project's documents, built into the binary and served as HTML
//! (`/docs/<name>.md` for the Markdown). Public, so the `docs_url` of an error body
//! opens in a browser; headings get GitHub-style ids, so `#validation` lands on the
//! "Validation" section here and on a code host alike.

use super::error::ApiError;
use super::query::PathParams;
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd};

/// `(name, title, markdown)`.
const DOCUMENTS: &[(&str, &str, &str)] = &[
    ("errors", "Errors", include_str!("../../../docs/errors.md")),
    ("server", "The server", include_str!("../../../docs/server.md")),
    ("checks", "The checks", include_str!("../../../docs/checks.md")),
    ("deadlines", "Deadlines", include_str!("../../../docs/deadlines.md")),
    ("ingest", "Bring your own judge", include_str!("../../../docs/ingest.md")),
    ("profile-format", "The compliance profile format", include_str!("../../../docs/profile-format.md")),
    ("mcp", "The MCP tool server", include_str!("../../../docs/mcp.md")),
];

/// The documentation index (HTML)
#[utoipa::path(get, path = "/docs", tag = "service", responses((status = 200, description = "Links to the documents", content_type = "text/html")))]
pub async fn index() -> Html<String> {
    let items: String =
        DOCUMENTS.iter().map(|(name, title, _)| format!("<li><a href=\"/docs/{name}\">{title}</a></li>")).collect();
    Html(page(
        "courtrules documentation",
        &format!(
            "<h1>courtrules documentation</h1><ul>{items}<li><a href=\"/openapi.json\">OpenAPI description</a></li></ul>"
        ),
    ))
}

/// A document: `errors`, `server`, `checks`, `deadlines`, `profile-format` (HTML; add `.md` for Markdown)
#[utoipa::path(
    get,
    path = "/docs/{name}",
    tag = "service",
    params(("name" = String, Path, description = "`errors`, `server`, `checks`, `deadlines`, `ingest` or `profile-format`, optionally with `.md`", example = "errors")),
    responses(
        (status = 200, description = "The document", content_type = "text/html"),
        (status = 400, description = "The name is not valid UTF-8 once percent-decoded", body = crate::service::error::ValidationErrorBody),
        (status = 404, description = "No such document", body = crate::service::error::ErrorBody),
    )
)]
pub async fn document(path: PathParams) -> Result<Response, ApiError> {
    let name = path.get("name");
    let (stem, markdown) = match name.strip_suffix(".md") {
        Some(stem) => (stem, true),
        None => (name, false),
    };
    let Some((_, title, text)) = DOCUMENTS.iter().find(|(known, _, _)| *known == stem) else {
        return Err(ApiError::RouteNotFound(format!("/docs/{name}")));
    };
    if markdown {
        return Ok(([(header::CONTENT_TYPE, "text/markdown; charset=utf-8")], *text).into_response());
    }
    Ok(Html(page(title, &render(text))).into_response())
}

fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>\
         <style>body{{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.5}}\
         pre,code{{background:#f4f4f4}}pre{{padding:.75rem;overflow:auto}}table{{border-collapse:collapse}}\
         td,th{{border:1px solid #ccc;padding:.25rem .5rem}}</style></head><body>{body}</body></html>"
    )
}

/// Markdown to HTML, with an id on every heading and links between the documents
/// (`errors.md#validation`) pointing at their served pages (`errors#validation`).
fn render(markdown: &str) -> String {
    let mut events: Vec<Event> = Parser::new_ext(markdown, Options::ENABLE_TABLES).collect();
    let mut index = 0;
    while index < events.len() {
        if let Event::Start(Tag::Link { dest_url, .. }) = &mut events[index]
            && let Some(served) = served_link(dest_url)
        {
            *dest_url = CowStr::from(served);
        }
        if let Event::Start(Tag::Heading { .. }) = &events[index] {
            let mut text = String::new();
            for event in &events[index + 1..] {
                match event {
                    Event::End(TagEnd::Heading(_)) => break,
                    Event::Text(part) | Event::Code(part) => text.push_str(part),
                    _ => {}
                }
            }
            if let Event::Start(Tag::Heading { id, .. }) = &mut events[index] {
                *id = Some(CowStr::from(slug(&text)));
            }
        }
        index += 1;
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    html
}

/// `name.md#anchor` → `name#anchor` for a document served here.
fn served_link(url: &str) -> Option<String> {
    let (path, anchor) = url.split_once('#').map_or((url, None), |(path, anchor)| (path, Some(anchor)));
    let name = path.strip_suffix(".md")?;
    DOCUMENTS.iter().any(|(known, _, _)| *known == name).then(|| match anchor {
        Some(anchor) => format!("{name}#{anchor}"),
        None => name.to_owned(),
    })
}

/// GitHub's heading anchor: lower case, spaces to hyphens, other punctuation dropped.
pub fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_docs_url_anchor_is_a_heading_of_the_errors_document() {
        let errors = DOCUMENTS[0].2;
        let anchors: Vec<String> = errors
            .lines()
            .filter_map(|line| line.strip_prefix("## ").or_else(|| line.strip_prefix("### ")))
            .map(slug)
            .collect();
        for anchor in crate::service::error::ANCHORS {
            assert!(anchors.iter().any(|known| known == anchor), "docs/errors.md has no heading for #{anchor}");
        }
    }

    #[test]
    fn links_between_documents_point_at_their_pages() {
        assert_eq!(served_link("server.md#the-engine-sandbox").as_deref(), Some("server#the-engine-sandbox"));
        assert_eq!(served_link("errors.md").as_deref(), Some("errors"));
        assert_eq!(served_link("https://example.com/x.md"), None);
        assert_eq!(served_link("unknown.md"), None);
    }

    #[test]
    fn slugs_follow_github() {
        assert_eq!(slug("Validation (400)"), "validation-400");
        assert_eq!(slug("`docs_url` values"), "docs_url-values");
    }
}
