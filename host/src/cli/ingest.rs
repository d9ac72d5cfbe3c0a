//! `courtrules ingest FILE --district D --judge SLUG [--accept --organisation ORG]`: a
//! judge's individual practices (PDF or text) read by the engine into proposed
//! standing-order rules — printed for review, each with its page, section, confidence
//! and sentence, then the sentences no pattern understood — and, with `--accept`,
//! stored as the next version of the organisation's layer for that judge, exactly as
//! `POST …/versions` would (the same service functions, over the local database).

use super::StorageArgs;
use super::args::EngineArgs;
use super::filing::{Flags, fail, fail_naming, local_service};
use super::input;
use crate::keys::Plan;
use crate::out;
use crate::sandbox::Sandbox;
use crate::service::layers::{self, DraftInput, VersionInput};
use crate::service::{Caller, Error, Service};
use clap::Args;
use courtrules_engine::model::FieldError;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(super) struct IngestCommand {
    /// The judge's individual practices or standing order: a PDF, or UTF-8 text (a form
    /// feed between pages); `-` reads standard input.
    file: PathBuf,
    /// The district, e.g. `edny`.
    #[arg(long)]
    district: String,
    /// The judge, a slug from the district's roster.
    #[arg(long)]
    judge: String,
    /// Where the judge publishes the document (default: the judge's page on the roster).
    #[arg(long)]
    source_url: Option<String>,
    /// The title used in citations (default: read from the document).
    #[arg(long)]
    title: Option<String>,
    /// Store the proposals as the next version of the organisation's layer.
    #[arg(long, requires = "organisation")]
    accept: bool,
    /// The organisation whose layer it is (see `courtrules keys list`).
    #[arg(long)]
    organisation: Option<String>,
    /// Who accepted it, recorded with the version.
    #[arg(long, default_value = "command line")]
    accepted_by: String,
    /// Leave out proposals below this confidence when accepting: high, medium or low.
    #[arg(long, default_value = "medium", value_parser = ["high", "medium", "low"])]
    min_confidence: String,
    /// Print the draft as JSON (the API's answer) instead of the review.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    engine: EngineArgs,
}

pub(super) async fn run(storage: &StorageArgs, command: IngestCommand) -> anyhow::Result<ExitCode> {
    // Text is held to the server's limit for `text`, a PDF to its limit for a PDF.
    let limit = |start: &[u8]| if start.starts_with(b"%PDF") { input::DOCUMENT } else { input::TEXT_DOCUMENT };
    let document = match input::read_choosing(&command.file, limit) {
        Ok(document) => document,
        Err(error) => return fail(error),
    };
    if document.iter().all(u8::is_ascii_whitespace) {
        let name = input::name(&command.file);
        return fail(Error::invalid(vec![FieldError::new(
            "",
            format!("{name} is empty: there is no document to read"),
        )]));
    }
    // The names, `--source-url` and `--title` are checked as `POST
    // /api/v1/standing-order-drafts` checks them (a 400 naming each), before any lookup.
    let mut names = serde_json::Map::new();
    names.insert("district_id".into(), command.district.clone().into());
    names.insert("judge_slug".into(), command.judge.clone().into());
    let mut problems = Vec::new();
    crate::http::classify::slug(&names, "district_id", &mut problems);
    crate::http::classify::slug(&names, "judge_slug", &mut problems);
    problems
        .extend(crate::http::layers::check_source_and_title(command.source_url.as_deref(), command.title.as_deref()));
    if !problems.is_empty() {
        return fail_naming(Error::invalid(problems), FLAGS);
    }
    let sandbox = Sandbox::new(command.engine.one_shot_limits())?;
    let service = local_service(storage, &sandbox, None).await?;
    let caller = Caller { key_id: "local".into(), plan: Plan::All, organisation_id: command.organisation.clone() };
    if let Some(organisation) = &command.organisation {
        // As any failure: the error body on standard output, the message on standard error.
        let mut connection = match service.db.pool().acquire().await {
            Ok(connection) => connection,
            Err(error) => return fail(internal(error)),
        };
        let found: Result<Option<(String,)>, _> = sqlx::query_as("SELECT id FROM organisations WHERE id = $1")
            .bind(organisation)
            .fetch_optional(&mut *connection)
            .await;
        match found {
            Ok(Some(_)) => {}
            Ok(None) => {
                return fail_naming(
                    Error::invalid(vec![FieldError::new(
                        "organisation",
                        format!("no organisation `{organisation}` (see `courtrules keys list`)"),
                    )]),
                    FLAGS,
                );
            }
            Err(error) => return fail(internal(error)),
        }
    }
    let input = DraftInput {
        district_id: command.district.clone(),
        judge_slug: command.judge.clone(),
        is_pdf: document.starts_with(b"%PDF"),
        document,
        filename: command.file.file_name().map(|name| name.to_string_lossy().into_owned()),
        source_url: command.source_url.clone(),
        title: command.title.clone(),
    };
    if !command.accept {
        // A review: nothing is stored, with or without an organisation (the organisation
        // is only read to be checked).
        let reader = Caller { organisation_id: Some(command.organisation.clone().unwrap_or_default()), ..caller };
        let draft = match layers::read_only(&service, &reader, input).await {
            Ok(draft) => draft,
            Err(error) => return fail_naming(error, FLAGS),
        };
        print_draft(&draft, command.json)?;
        if !command.json {
            let how = if command.organisation.is_some() { "--accept" } else { "--accept --organisation ORG" };
            out::message(format_args!("\nNothing stored. Add {how} to make these rules the organisation's layer."));
        }
        return Ok(ExitCode::SUCCESS);
    }
    // Accepting: the draft is stored (as the API keeps it) so that the version names
    // it, and removed again if it cannot be accepted — nothing is left half done. On
    // failure standard output holds the error body alone; the review is for a run
    // without --accept.
    let draft = match layers::propose(&service, &caller, input).await {
        Ok(draft) => draft,
        Err(error) => return fail_naming(error, FLAGS),
    };
    let organisation = command.organisation.as_deref().unwrap_or_default();
    let draft_id = draft.id.clone();
    let floor = match command.min_confidence.as_str() {
        "high" => 0,
        "medium" => 1,
        _ => 2,
    };
    let rules: Vec<_> = draft
        .extraction
        .proposals
        .iter()
        .filter(|proposal| (proposal.confidence as u8) <= floor)
        .map(|proposal| proposal.rule.clone())
        .collect();
    if rules.is_empty() {
        discard(&service, organisation, &draft_id).await;
        let message = match draft.extraction.proposals.len() {
            0 => "nothing to accept: no rules were found in the document; nothing stored".to_owned(),
            proposed => format!(
                "nothing to accept: none of the document's {} is at --min-confidence {} or above; nothing \
                 stored (run without --accept to review them)",
                plural(proposed, "proposed rule", "proposed rules"),
                command.min_confidence
            ),
        };
        return fail(Error::invalid(vec![FieldError::new("rules", message)]));
    }
    let source_url = draft.extraction.proposals.first().map(|p| p.rule.source_url.clone());
    let version = VersionInput {
        title: draft.extraction.title.clone(),
        source_url: command.source_url.clone().or(source_url).unwrap_or_default(),
        effective_date: None,
        as_of: None,
        draft_id: Some(draft.id.clone()),
        rules,
    };
    match layers::accept(&service, &caller, &command.district, &command.judge, version, &command.accepted_by).await {
        Ok(version) => {
            // The draft as stored now (accepted), for --json.
            let decided = layers::draft(&service, &caller, &draft_id).await.unwrap_or(draft);
            print_draft(&decided, command.json)?;
            let count = version.standing_order.as_ref().map_or(0, |order| order.rules.len());
            out::message(format_args!(
                "Accepted as version {} of {}'s layer for {}/{} ({}, by {} at {}).",
                version.version,
                version.organisation_id,
                version.district_id,
                version.judge_slug,
                plural(count, "rule", "rules"),
                version.accepted_by,
                version.accepted_at
            ));
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => {
            discard(&service, organisation, &draft_id).await;
            let failed = fail_naming(error, FLAGS);
            out::message("Nothing stored: the rules could not be accepted.");
            failed
        }
    }
}

/// The flag that gives each field the service names.
const FLAGS: Flags = &[
    ("district_id", "--district"),
    ("judge_slug", "--judge"),
    ("source_url", "--source-url"),
    ("title", "--title"),
    ("organisation", "--organisation"),
];

/// A database error looking up the organisation: logged, and answered as the API
/// answers one (500 `internal-error`).
fn internal(error: sqlx::Error) -> Error {
    tracing::error!(%error, "could not look up the organisation");
    Error::Internal(error.into())
}

/// Removes the draft stored to be accepted, when it was not.
async fn discard(service: &Service, organisation: &str, draft_id: &str) {
    if let Err(error) = crate::store::layers::discard_draft(&service.db, organisation, draft_id).await {
        out::message(format_args!("warning: could not remove the draft {draft_id}: {error:#}"));
    }
}

/// The draft as JSON (the API's answer), or the review.
fn print_draft(draft: &crate::store::layers::Draft, json: bool) -> anyhow::Result<()> {
    if json { out::line(serde_json::to_string_pretty(draft)?) } else { print_review(&draft.extraction) }
}

/// `1 rule`, `3 rules`.
fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

fn print_review(extraction: &courtrules_engine::model::Extraction) -> anyhow::Result<()> {
    out::line(format_args!(
        "{} — {}",
        extraction.title,
        plural(extraction.proposals.len(), "proposed rule", "proposed rules")
    ))?;
    for warning in &extraction.warnings {
        out::line(format_args!("warning: {warning}"))?;
    }
    for proposal in &extraction.proposals {
        let evidence = &proposal.evidence;
        let confidence = serde_json::to_value(proposal.confidence).ok();
        out::line(format_args!(
            "\n{}  [{} confidence]\n  {}\n  {} (page {}{})\n  \"{}\"",
            proposal.rule.rule_key,
            confidence.as_ref().and_then(|c| c.as_str()).unwrap_or("?"),
            proposal.rule.summary,
            proposal.rule.citation,
            evidence.page,
            evidence.section.as_ref().map(|s| format!(", § {s}")).unwrap_or_default(),
            evidence.text
        ))?;
    }
    if !extraction.not_understood.is_empty() {
        out::line(format_args!(
            "\nNot understood ({} that {} as rules; check them yourself):",
            plural(extraction.not_understood.len(), "sentence", "sentences"),
            if extraction.not_understood.len() == 1 { "reads" } else { "read" }
        ))?;
        for passage in &extraction.not_understood {
            out::line(format_args!("  p.{}: {}", passage.page, passage.text))?;
        }
    }
    Ok(())
}
