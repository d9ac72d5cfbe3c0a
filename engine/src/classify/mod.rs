//! `classify`: a court filing's PDF in, the classification response out — page roles,
//! body page and word counts, caption/signature/section/privacy flags, format and the
//! kind of paper. See `docs/classify.md` for the definitions and limits.
//!
//! The pipeline, one module per step: `pdf` (objects and trees through lopdf) →
//! `interp` (content streams → glyphs, with `fonts`, `lexer`, `decode`) → `layout`
//! (glyphs → lines and words) → `structure` (page kinds and line roles) → `flags`,
//! `privacy`, `doctype`, `format` → the response.

mod decode;
mod doctype;
mod flags;
mod fonts;
mod format;
mod image;
mod interp;
mod layout;
mod lexer;
mod limits;
mod metrics;
mod pdf;
mod privacy;
mod structure;
mod text;

pub use image::{ScanImage, scan_image};

use crate::error::EngineError;
use crate::model::{
    Classification, ClassifyHints, ClassifyOutcome, Confidence, Document, DocumentClassification, FieldError,
    PageCountAnalysis, PartialCheckRequest,
};
use interp::{Budget, Fonts};
use pdf::Pdf;
use structure::{PageText, Role};

/// The `method` reported in `page_count_analysis`.
pub const METHOD: &str = "text_layout_v1";

const LETTER: [f64; 4] = [0.0, 0.0, 612.0, 792.0];

/// Classifies a PDF. Errors: `InvalidRequest` for bad hints, `InvalidInput` for a file
/// that cannot be analysed (not a PDF, encrypted, damaged, or past a limit).
pub fn classify(pdf_bytes: &[u8], hints: &ClassifyHints) -> Result<ClassifyOutcome, EngineError> {
    check_hints(hints)?;
    let pdf = Pdf::load(pdf_bytes).map_err(invalid)?;
    let Read { pages, fonts, fillable, scanned_pages, unread_pages, recognized_pages, bad_boxes } = read(&pdf, hints)?;
    let mut warnings = Vec::new();
    for ocr in &hints.ocr_pages {
        if !scanned_pages.contains(&ocr.page) {
            warnings.push(format!(
                "Recognised text was supplied for page {}, which {}; it was ignored.",
                ocr.page,
                if ocr.page as usize > pages.len() { "does not exist" } else { "has a text layer" }
            ));
        }
    }

    let s = structure::analyse(&pages, fillable);
    let caption = flags::caption(&pages, &s);
    let body_text = text::normalize(&role_text(&pages, &s, &[Role::Body, Role::Footnote]));
    let all_text = text::normalize(&role_text(&pages, &s, &[]));
    let word_count: u32 = (0..pages.len()).filter(|&p| !s.front[p] && !s.back[p]).map(|p| s.words[p]).sum();

    let verdict = doctype::decide(&doctype::Evidence {
        court: caption.court.as_deref(),
        caption: caption.caption.present,
        title: caption.title.as_deref(),
        letter: s.letter,
        body: &body_text,
        filename: hints.filename.as_deref(),
        placeholders: caption.placeholders,
        fillable,
        body_words: word_count,
    });
    let sections = flags::sections(&pages, &s, verdict.scope, caption.title.as_deref(), &body_text);
    let signature = flags::signature(&pages, &s);
    let privacy = privacy::scan(&all_text);

    let detected =
        if hints.skip_format { format::skipped() } else { format::detect(&pages, &s, &fonts.list, fillable) };
    if let Some(warning) = &detected.detection.warning
        && detected.detection.confidence == Confidence::Low
    {
        warnings.push(warning.clone());
    }

    let total = pages.len() as u32;
    let front = s.front.iter().filter(|f| **f).count() as u32;
    let back = s.back.iter().filter(|b| **b).count() as u32;
    let body_pages = total - front - back;
    let document = Document {
        page_count: body_pages.max(1),
        word_count,
        // A PDF cannot tell a typewritten page from a printed one; the filer says so.
        handwritten_or_typewritten: false,
        caption: Some(caption.caption),
        signature_block: Some(signature),
        sections: Some(sections),
        format: detected.format,
        privacy: Some(privacy),
    };

    if back >= LONG_BACK_MATTER {
        let pages: Vec<u32> = (1..=total).filter(|&p| s.back[p as usize - 1]).collect();
        warnings.push(format!(
            "Pages {} ({back} pages) follow the paper's body and were read as what comes after it (certificates, \
             exhibits, attachments), so they are not counted; if the PDF holds more than one paper, classify each \
             on its own.",
            ranges(&pages)
        ));
    }
    if !unread_pages.is_empty() {
        warnings.push(format!(
            "{} no text layer and no recognised text, so {} words are not counted.",
            pages_phrase(&unread_pages, "has", "have"),
            if unread_pages.len() == 1 { "its" } else { "their" },
        ));
    }
    let ocr_used: Vec<u32> = scanned_pages.iter().copied().filter(|p| !unread_pages.contains(p)).collect();
    if !ocr_used.is_empty() {
        warnings.push(format!(
            "{} read by text recognition (no text layer), so counts there may be approximate.",
            pages_phrase(&ocr_used, "was", "were"),
        ));
    }
    if !recognized_pages.is_empty() {
        warnings.push(format!(
            "{} a text layer made by text recognition (invisible text over a scanned image), so counts there may \
             be approximate and the format is not measured there.",
            pages_phrase(&recognized_pages, "has", "have"),
        ));
    }
    if !bad_boxes.is_empty() {
        warnings
            .push(format!("Page size is missing or invalid on page(s) {}; US Letter was assumed.", list(&bad_boxes)));
    }
    if fonts.list.iter().any(|f| f.undecodable) {
        warnings.push("Some text uses fonts without a character map, so it could not be read as words.".to_string());
    }
    if pdf.decrypted {
        warnings.push("The PDF is encrypted with an empty password; it was decrypted for analysis.".to_string());
    }
    if let Some(court) = &caption.court
        && let Some(named) = doctype::district_id(court)
        && !hints.district_id.is_empty()
        && named != hints.district_id
    {
        warnings.push(format!("The caption names district `{named}`, but the request is for `{}`.", hints.district_id));
    }

    let supported = verdict.confidence != Confidence::Low;
    let check_request = match verdict.scope {
        Some(scope) if supported => Some(PartialCheckRequest {
            judge_slug: hints.judge_slug.clone(),
            district_id: hints.district_id.clone(),
            document_scope: scope,
            motion_type: verdict.motion,
            document: document.clone(),
        }),
        _ => None,
    };
    let response = Classification {
        classification: DocumentClassification {
            document_scope: verdict.scope.filter(|_| supported),
            motion_type: verdict.motion.filter(|_| supported),
            confidence: verdict.confidence,
            supported,
            reasoning: verdict.reasoning,
        },
        document,
        check_request,
        page_count_analysis: PageCountAnalysis {
            total_pdf_pages: total,
            front_matter_pages: front,
            back_matter_pages: back,
            body_page_count: body_pages,
            method: METHOD.to_string(),
        },
        format_detection: detected.detection,
        warnings,
    };
    Ok(ClassifyOutcome { response, scanned_pages, unread_pages })
}

/// A line-by-line account of how the document was read (page kind, then each line's
/// role, size, position and text): for investigating a classification, not for machines.
#[doc(hidden)]
pub fn explain(pdf_bytes: &[u8], hints: &ClassifyHints) -> Result<String, EngineError> {
    let pdf = Pdf::load(pdf_bytes).map_err(invalid)?;
    let Read { pages, fillable, .. } = read(&pdf, hints)?;
    let s = structure::analyse(&pages, fillable);
    let mut out = String::new();
    for (p, page) in pages.iter().enumerate() {
        out.push_str(&format!(
            "== page {} {:?} words {} front {} back {}\n",
            p + 1,
            s.kinds[p],
            s.words[p],
            s.front[p],
            s.back[p]
        ));
        for (line, role) in page.lines.iter().zip(&s.roles[p]) {
            out.push_str(&format!(
                "{:<10} {:5.1} {}{:6.1} {:6.1}-{:6.1} w{:<3} {}\n",
                format!("{role:?}"),
                line.size,
                if line.bold { 'B' } else { ' ' },
                line.baseline,
                line.x0,
                line.x1,
                line.word_count(),
                line.text
            ));
        }
    }
    Ok(out)
}

/// Each page's lines: their text and whether they are bold.
pub type PageLines = Vec<Vec<(String, bool)>>;

/// The lines of each page in reading order — running headers, footers and page numbers
/// left out, a blank line where a wider gap parts paragraphs — with whether each is
/// bold, and the pages that had no text. For reading documents that are not filings
/// (a judge's individual practices).
pub fn page_lines(pdf_bytes: &[u8]) -> Result<(PageLines, Vec<u32>), EngineError> {
    let pdf = Pdf::load(pdf_bytes).map_err(invalid)?;
    let Read { pages, fillable, unread_pages, .. } = read(&pdf, &ClassifyHints::default())?;
    let s = structure::analyse(&pages, fillable);
    let mut out = Vec::with_capacity(pages.len());
    for (p, page) in pages.iter().enumerate() {
        let kept: Vec<&layout::Line> =
            page.lines.iter().zip(&s.roles[p]).filter(|(_, role)| **role != Role::Running).map(|(l, _)| l).collect();
        let mut gaps: Vec<f64> = kept.windows(2).map(|w| (w[0].baseline - w[1].baseline).abs()).collect();
        gaps.sort_by(f64::total_cmp);
        let usual = gaps.get(gaps.len() / 2).copied().unwrap_or(0.0);
        let mut lines = Vec::with_capacity(kept.len());
        for (i, line) in kept.iter().enumerate() {
            if i > 0 && usual > 0.0 && (kept[i - 1].baseline - line.baseline).abs() > 1.6 * usual {
                lines.push((String::new(), false));
            }
            lines.push((line.text.clone(), line.bold));
        }
        out.push(lines);
    }
    Ok((out, unread_pages))
}

/// The pages as lines, with what was found on the way.
struct Read {
    pages: Vec<PageText>,
    fonts: Fonts,
    fillable: bool,
    scanned_pages: Vec<u32>,
    unread_pages: Vec<u32>,
    /// Pages whose text layer is a text recognizer's invisible text over a scan.
    recognized_pages: Vec<u32>,
    /// Pages whose box was missing or absurd (US Letter assumed).
    bad_boxes: Vec<u32>,
}

fn invalid(message: String) -> EngineError {
    EngineError::InvalidInput { message }
}

/// Checks the document's trees, then interprets every page and lays out its lines; a
/// scanned page takes its recognised text from the hints when there is some.
fn read(pdf: &Pdf, hints: &ClassifyHints) -> Result<Read, EngineError> {
    let form = pdf.check_trees().map_err(invalid)?;
    let page_refs = pdf.pages().map_err(invalid)?;
    let fillable = form.fields >= 2 || form.xfa;
    let mut fonts = Fonts::default();
    let mut budget = Budget::default();
    let mut read = Read {
        pages: Vec::with_capacity(page_refs.len()),
        fonts: Fonts::default(),
        fillable,
        scanned_pages: Vec::new(),
        unread_pages: Vec::new(),
        recognized_pages: Vec::new(),
        bad_boxes: Vec::new(),
    };
    for (index, page) in page_refs.iter().enumerate() {
        let number = index as u32 + 1;
        let media_box = match page.media_box {
            Some(b) if sane_box(&b) => b,
            _ => {
                read.bad_boxes.push(number);
                LETTER
            }
        };
        let mut content =
            interp::run_page(pdf, page.dict, page.resources, index + 1, &mut fonts, &mut budget).map_err(invalid)?;
        let media_box = interp::turn_box(media_box, content.keep_main_turn());
        let (width, height) = (media_box[2] - media_box[0], media_box[3] - media_box[1]);
        let mut lines = layout::lines(&content.glyphs, &fonts.list, (media_box[0], media_box[1]));
        let scanned = is_scanned(&lines, content.image_area, width * height);
        let recognized = !scanned && content.recognized_layer(width * height);
        if recognized {
            read.recognized_pages.push(number);
        }
        let mut unread = false;
        if scanned {
            read.scanned_pages.push(number);
            match hints.ocr_pages.iter().find(|o| o.page == number) {
                Some(ocr) => lines = layout::ocr_lines(&ocr.text, width, height),
                None => {
                    unread = true;
                    read.unread_pages.push(number);
                }
            }
        }
        let form = fillable && has_widgets(pdf, page.dict);
        read.pages.push(PageText { width, height, lines, scanned, unread, form, recognized });
    }
    read.fonts = fonts;
    Ok(read)
}

fn check_hints(hints: &ClassifyHints) -> Result<(), EngineError> {
    let mut details = Vec::new();
    for (i, ocr) in hints.ocr_pages.iter().enumerate() {
        if ocr.page == 0 {
            details.push(FieldError::new(format!("ocr_pages[{i}].page"), "page numbers start at 1"));
        }
        if ocr.text.len() > limits::MAX_OCR_TEXT_BYTES {
            details
                .push(FieldError::new(format!("ocr_pages[{i}].text"), "recognised text is limited to 1 MiB per page"));
        }
        if hints.ocr_pages[..i].iter().any(|o| o.page == ocr.page) {
            details.push(FieldError::new(format!("ocr_pages[{i}].page"), "the page is listed twice"));
        }
    }
    if details.is_empty() { Ok(()) } else { Err(EngineError::InvalidRequest { details }) }
}

/// A page box from 1 inch to 200 inches on each side.
fn sane_box(b: &[f64; 4]) -> bool {
    let (w, h) = (b[2] - b[0], b[3] - b[1]);
    (72.0..=14_400.0).contains(&w) && (72.0..=14_400.0).contains(&h)
}

fn has_widgets(pdf: &Pdf, page: &lopdf::Dictionary) -> bool {
    pdf.get_array(page, b"Annots").is_some_and(|annots| {
        annots.iter().take(10_000).any(|a| pdf.dict(a).is_some_and(|d| pdf.get_name(d, b"Subtype") == Some(b"Widget")))
    })
}

/// The text of lines with the given roles (all lines when `roles` is empty), in reading order.
fn role_text(pages: &[PageText], s: &structure::Structure, roles: &[Role]) -> String {
    let mut out = String::new();
    for (p, page) in pages.iter().enumerate() {
        for (line, role) in page.lines.iter().zip(&s.roles[p]) {
            if roles.is_empty() || roles.contains(role) {
                out.push_str(&line.text);
                out.push('\n');
            }
        }
    }
    out
}

/// "Page 3 has" or "Pages 3, 4 have".
fn pages_phrase(pages: &[u32], one: &str, many: &str) -> String {
    if pages.len() == 1 { format!("Page {} {one}", pages[0]) } else { format!("Pages {} {many}", list(pages)) }
}

/// Back matter of this many pages or more is said in a warning: a brief's certificates of
/// service and compliance take a page or two, so more is exhibits or other papers (a
/// PDF of several briefs is measured as its first).
const LONG_BACK_MATTER: u32 = 5;

/// Page numbers (ascending) as runs: `3, 23–62`.
fn ranges(pages: &[u32]) -> String {
    let mut runs: Vec<String> = Vec::new();
    let mut index = 0;
    while index < pages.len() {
        let start = pages[index];
        while index + 1 < pages.len() && pages[index + 1] == pages[index] + 1 {
            index += 1;
        }
        let end = pages[index];
        runs.push(if end == start { start.to_string() } else { format!("{start}–{end}") });
        index += 1;
    }
    runs.join(", ")
}

fn list(pages: &[u32]) -> String {
    pages.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

/// An image-only page: an image covers a quarter of it or more and it shows at most a
/// few words (a Bates stamp or a scanner's page label) as text.
fn is_scanned(lines: &[layout::Line], image_area: f64, page_area: f64) -> bool {
    image_area >= 0.25 * page_area && lines.iter().map(|l| l.word_count()).sum::<u32>() <= 3
}
