//! `classify` on PDFs built here with lopdf, covering what the reportlab fixtures do not:
//! `TJ` kerning with word gaps but no space characters, a TrueType font with `/Widths`
//! and a `/ToUnicode` map, a composite (Type 0) font, text inside a form XObject,
//! `Td`/`TL`/`T*` positioning, the hints' validation and the JSON door's errors; pages
//! stored rotated, invisible text over a scan, overprinted headings; page images reduced
//! for text recognition.

use courtrules_engine::model::{ClassifyHints, OcrPage};
use courtrules_engine::{EngineError, classify, ffi, scan_image};
use lopdf::content::{Content, Operation};
use lopdf::{Dictionary, Document, Object, ObjectId, Stream, dictionary};

fn widths_dict(doc: &mut Document) -> Object {
    // a TrueType font whose codes are shifted by one from ASCII, readable only through
    // its ToUnicode map: code 0x42 shows 'A', and so on
    let cmap = b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n1 begincodespacerange <00> <FF> endcodespacerange\n1 beginbfrange <21> <7F> <0020> endbfrange\nendcmap CMapName currentdict /CMap defineresource pop end end";
    let to_unicode = doc.add_object(Stream::new(dictionary! {}, cmap.to_vec()));
    let widths: Vec<Object> = (0x21..=0x7F).map(|_| Object::Integer(500)).collect();
    let font = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "TrueType",
        "BaseFont" => "ABCDEF+CenturySchoolbook",
        "FirstChar" => 0x21,
        "LastChar" => 0x7F,
        "Widths" => widths,
        "ToUnicode" => to_unicode,
    });
    Object::Reference(font)
}

fn shifted(text: &str) -> Vec<u8> {
    text.bytes().map(|b| b + 1).collect()
}

/// A page whose text is drawn as `TJ` arrays: words are separated by kerning gaps only.
fn kerned_pdf(lines: &[&str]) -> Vec<u8> {
    let mut doc = Document::with_version("1.7");
    let font = widths_dict(&mut doc);
    let mut ops = vec![
        Operation::new("BT", vec![]),
        Operation::new("Tf", vec!["F1".into(), 12.into()]),
        Operation::new("TL", vec![24.into()]),
        Operation::new("Td", vec![72.into(), 700.into()]),
    ];
    for line in lines {
        let mut items = Vec::new();
        for (i, word) in line.split(' ').enumerate() {
            if i > 0 {
                items.push(Object::Integer(-300));
            }
            items.push(Object::string_literal(shifted(word)));
        }
        ops.push(Operation::new("TJ", vec![Object::Array(items)]));
        ops.push(Operation::new("T*", vec![]));
    }
    ops.push(Operation::new("ET", vec![]));
    // the text sits in a form XObject painted by the page
    let form = Stream::new(
        dictionary! {
            "Type" => "XObject",
            "Subtype" => "Form",
            "BBox" => vec![0.into(), 0.into(), 612.into(), 792.into()],
            "Resources" => dictionary! { "Font" => dictionary! { "F1" => font } },
        },
        Content { operations: ops }.encode().unwrap(),
    );
    let form = doc.add_object(form);
    let page_content = Content {
        operations: vec![
            Operation::new("q", vec![]),
            Operation::new("Do", vec!["Fm1".into()]),
            Operation::new("Q", vec![]),
        ],
    };
    finish(doc, page_content, dictionary! { "XObject" => dictionary! { "Fm1" => form } })
}

fn finish(doc: Document, content: Content, resources: Dictionary) -> Vec<u8> {
    finish_pages(doc, vec![(content, resources)])
}

/// The document with its page tree (`kids` under `pages_id`, letter size unless a page
/// says otherwise) and catalog, saved.
fn save(mut doc: Document, pages_id: ObjectId, kids: Vec<Object>) -> Vec<u8> {
    let count = kids.len() as i64;
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Kids" => kids,
            "Count" => count,
            "MediaBox" => vec![0.into(), 0.into(), 612.into(), 792.into()],
        }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

/// A letter-size PDF of these pages (content stream and resources each), saved.
fn finish_pages(mut doc: Document, pages: Vec<(Content, Dictionary)>) -> Vec<u8> {
    let pages_id = doc.new_object_id();
    let mut kids: Vec<Object> = Vec::new();
    for (content, resources) in pages {
        let content_id = doc.add_object(Stream::new(dictionary! {}, content.encode().unwrap()));
        let page = doc.add_object(dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "Contents" => content_id,
            "Resources" => resources,
        });
        kids.push(page.into());
    }
    save(doc, pages_id, kids)
}

const PROSE: [&str; 6] = [
    "The quick brown fox jumps over the lazy dog and keeps running far",
    "into the hills where nobody has seen it since the spring of last year",
    "and the farmers say that it will come back when the apples are ripe",
    "which is what the old stories have always said about foxes like this",
    "but nobody in the village believes the stories any more than before",
    "because stories are told to children and children grow up and forget",
];

#[test]
fn kerning_gaps_separate_words_and_tounicode_decodes_text() {
    let pdf = kerned_pdf(&PROSE);
    let outcome = classify(&pdf, &ClassifyHints::default()).unwrap();
    let words: u32 = PROSE.iter().map(|l| l.split(' ').count() as u32).sum();
    assert_eq!(outcome.response.document.word_count, words);
    let f = &outcome.response.format_detection;
    assert_eq!(f.font_name_raw.as_deref(), Some("ABCDEF+CenturySchoolbook"));
    assert_eq!(f.font_family.as_deref(), Some("Century Schoolbook"));
    assert_eq!(f.line_spacing_pt, Some(24.0));
    assert_eq!(f.margins_per_side.unwrap().left, 1.0);
    // not a court filing
    assert!(!outcome.response.classification.supported);
    assert!(outcome.response.check_request.is_none());
}

#[test]
fn composite_fonts_are_read_through_their_tounicode_map() {
    let mut doc = Document::with_version("1.7");
    let cmap = b"begincmap\n1 begincodespacerange <0000> <FFFF> endcodespacerange\n1 beginbfrange <0001> <0060> <0020> endbfrange\nendcmap";
    let to_unicode = doc.add_object(Stream::new(dictionary! {}, cmap.to_vec()));
    let descendant = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "CIDFontType2",
        "BaseFont" => "Garamond",
        "DW" => 500,
        "W" => vec![1.into(), vec![250.into()].into()],
    });
    let font = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type0",
        "BaseFont" => "Garamond",
        "Encoding" => "Identity-H",
        "DescendantFonts" => vec![descendant.into()],
        "ToUnicode" => to_unicode,
    });
    let mut ops = vec![Operation::new("BT", vec![]), Operation::new("Tf", vec!["F1".into(), 12.into()])];
    for (i, line) in PROSE.iter().enumerate() {
        // two-byte codes: code = char - 0x1F
        let bytes: Vec<u8> = line.bytes().flat_map(|b| [0u8, b - 0x1F]).collect();
        ops.push(Operation::new(
            "Tm",
            vec![1.into(), 0.into(), 0.into(), 1.into(), 72.into(), (700 - 24 * i as i64).into()],
        ));
        ops.push(Operation::new("Tj", vec![Object::String(bytes, lopdf::StringFormat::Hexadecimal)]));
    }
    ops.push(Operation::new("ET", vec![]));
    let pdf = finish(doc, Content { operations: ops }, dictionary! { "Font" => dictionary! { "F1" => font } });
    let outcome = classify(&pdf, &ClassifyHints::default()).unwrap();
    let words: u32 = PROSE.iter().map(|l| l.split(' ').count() as u32).sum();
    assert_eq!(outcome.response.document.word_count, words);
    assert!(
        outcome.response.warnings.is_empty() || !outcome.response.warnings.iter().any(|w| w.contains("character map"))
    );
}

#[test]
fn bad_hints_are_a_request_error() {
    let pdf = kerned_pdf(&PROSE[..2]);
    let hints = ClassifyHints { ocr_pages: vec![OcrPage { page: 0, text: String::new() }], ..Default::default() };
    match classify(&pdf, &hints) {
        Err(EngineError::InvalidRequest { details }) => assert_eq!(details[0].path, "ocr_pages[0].page"),
        other => panic!("{other:?}"),
    }
    match ffi::classify_json(&pdf, br#"{"file_name": "x.pdf"}"#) {
        Err(EngineError::InvalidRequest { details }) => {
            assert!(details[0].message.contains("file_name"), "{details:?}")
        }
        other => panic!("{other:?}"),
    }
    // empty hints are allowed
    assert!(ffi::classify_json(&pdf, b"").is_ok());
}

#[test]
fn not_a_pdf_is_invalid_input() {
    for bytes in [&b""[..], b"hello", b"%PDF-1.7"] {
        assert!(matches!(classify(bytes, &ClassifyHints::default()), Err(EngineError::InvalidInput { .. })));
    }
}

#[test]
fn recognised_text_for_a_page_with_a_text_layer_is_ignored_with_a_warning() {
    let pdf = kerned_pdf(&PROSE);
    let hints =
        ClassifyHints { ocr_pages: vec![OcrPage { page: 1, text: "other words".into() }], ..Default::default() };
    let outcome = classify(&pdf, &hints).unwrap();
    assert!(outcome.response.warnings.iter().any(|w| w.contains("has a text layer")));
    assert!(outcome.scanned_pages.is_empty());
}

#[test]
fn table_cells_are_not_counted() {
    let mut doc = Document::with_version("1.7");
    let font = doc.add_object(dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica", "Encoding" => "WinAnsiEncoding" });
    let mut ops = vec![Operation::new("BT", vec![]), Operation::new("Tf", vec!["F1".into(), 12.into()])];
    let mut y = 700;
    for line in PROSE {
        ops.push(Operation::new("Tm", vec![1.into(), 0.into(), 0.into(), 1.into(), 72.into(), y.into()]));
        ops.push(Operation::new("Tj", vec![Object::string_literal(line)]));
        y -= 24;
    }
    for row in [["Year", "Revenue", "Profit"], ["2022", "10 million", "2 million"], ["2023", "12 million", "3 million"]]
    {
        for (k, cell) in row.iter().enumerate() {
            ops.push(Operation::new(
                "Tm",
                vec![1.into(), 0.into(), 0.into(), 1.into(), (72 + 160 * k as i64).into(), y.into()],
            ));
            ops.push(Operation::new("Tj", vec![Object::string_literal(*cell)]));
        }
        y -= 24;
    }
    ops.push(Operation::new("ET", vec![]));
    let pdf = finish(doc, Content { operations: ops }, dictionary! { "Font" => dictionary! { "F1" => font } });
    let outcome = classify(&pdf, &ClassifyHints::default()).unwrap();
    let words: u32 = PROSE.iter().map(|l| l.split(' ').count() as u32).sum();
    assert_eq!(outcome.response.document.word_count, words);
}

/// A PDF of Helvetica text lines `(x, y, size, text)` per page.
fn text_pdf(pages: &[Vec<(i64, i64, i64, &str)>]) -> Vec<u8> {
    let mut doc = Document::with_version("1.7");
    let font = doc.add_object(dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica", "Encoding" => "WinAnsiEncoding" });
    let pages = pages
        .iter()
        .map(|lines| {
            let mut ops = vec![Operation::new("BT", vec![])];
            for (x, y, size, text) in lines {
                ops.push(Operation::new("Tf", vec!["F1".into(), (*size).into()]));
                ops.push(Operation::new("Tm", vec![1.into(), 0.into(), 0.into(), 1.into(), (*x).into(), (*y).into()]));
                ops.push(Operation::new("Tj", vec![Object::string_literal(*text)]));
            }
            ops.push(Operation::new("ET", vec![]));
            (Content { operations: ops }, dictionary! { "Font" => dictionary! { "F1" => font } })
        })
        .collect();
    finish_pages(doc, pages)
}

#[test]
fn a_letter_counts_its_paragraphs_only() {
    let mut first = vec![
        (72, 720, 12, "March 4, 2024"),
        (72, 690, 12, "Hon. Margaret L. Thistlewood"),
        (72, 676, 12, "United States District Court for the Eastern District of New York"),
        (72, 648, 12, "Re: Castellane Builders Supply Co. v. Norbrook Mutual, No. 1:24-cv-02468"),
        (72, 620, 12, "Dear Judge Thistlewood:"),
    ];
    let mut y = 592;
    for line in PROSE {
        first.push((72, y, 12, line));
        y -= 14;
    }
    // page 2 opens with the usual continuation header
    let mut second =
        vec![(72, 720, 12, "Hon. Margaret L. Thistlewood"), (72, 706, 12, "March 4, 2024"), (72, 692, 12, "Page 2")];
    let mut y = 664;
    for line in PROSE {
        second.push((72, y, 12, line));
        y -= 14;
    }
    second.extend([
        (306, 560, 12, "Respectfully submitted,"),
        (306, 532, 12, "/s/ Miriam Fairweather"),
        (72, 500, 12, "cc: All counsel of record (by ECF)"),
    ]);
    let pdf = text_pdf(&[first, second]);
    let outcome = classify(&pdf, &ClassifyHints::default()).unwrap();
    let words: u32 = PROSE.iter().map(|l| l.split(' ').count() as u32).sum();
    let r = &outcome.response;
    assert_eq!(r.document.word_count, 2 * words);
    assert_eq!(r.classification.document_scope, Some(courtrules_engine::model::DocumentScope::Letter));
    let caption = r.document.caption.as_ref().unwrap();
    assert!(!caption.present && caption.has_court_name && caption.has_case_title && caption.has_docket_number);
    assert!(r.document.signature_block.as_ref().unwrap().is_electronic_signature);
}

/// A PDF of `pages` image-only pages (a page-size image, no text layer): a scanned paper.
fn scanned_pdf(pages: usize) -> Vec<u8> {
    let mut doc = Document::with_version("1.7");
    let image = doc.add_object(Stream::new(
        dictionary! {
            "Type" => "XObject",
            "Subtype" => "Image",
            "Width" => 1,
            "Height" => 1,
            "ColorSpace" => "DeviceGray",
            "BitsPerComponent" => 8,
        },
        vec![0xFF],
    ));
    let page = || {
        let content = Content {
            operations: vec![
                Operation::new("q", vec![]),
                Operation::new("cm", vec![612.into(), 0.into(), 0.into(), 792.into(), 0.into(), 0.into()]),
                Operation::new("Do", vec!["Im0".into()]),
                Operation::new("Q", vec![]),
            ],
        };
        (content, dictionary! { "XObject" => dictionary! { "Im0" => image } })
    };
    finish_pages(doc, (0..pages).map(|_| page()).collect())
}

/// Tesseract's reading of a scanned brief's first page: a blank line between blocks.
const SCANNED_CAPTION: &str = "UNITED STATES DISTRICT COURT\nEASTERN DISTRICT OF NEW YORK\n\nJOHN SMITH,\nPlaintiff,\n\n- against -\nCase No. 1:24-cv-01234 (ABC)\nACME CORPORATION,\nDefendant.\n\n";
const SCANNED_BODY: &str = "PRELIMINARY STATEMENT\nPlaintiff alleges that the defendant breached the agreement by failing to deliver the\ngoods on time and in the condition required, and the complaint fails to plead facts\nsufficient to state a plausible claim for relief under the governing standard. The\n\nCourt should therefore grant the motion because the allegations are conclusory and\n\nthe documents integral to the complaint contradict them.\n";

#[test]
fn a_fully_scanned_brief_is_classified_from_its_recognised_title() {
    let pdf = scanned_pdf(1);
    let words = SCANNED_BODY.split_whitespace().count() as u32;
    for title in
        ["MEMORANDUM OF LAW IN SUPPORT OF\nMOTION TO DISMISS\n", "MEMORANDUM OF LAW IN SUPPORT OF MOTION TO DISMISS\n"]
    {
        let text = format!("{SCANNED_CAPTION}{title}\n{SCANNED_BODY}");
        let hints = ClassifyHints { ocr_pages: vec![OcrPage { page: 1, text }], ..Default::default() };
        let outcome = classify(&pdf, &hints).unwrap();
        assert_eq!(outcome.scanned_pages, vec![1]);
        assert!(outcome.unread_pages.is_empty());
        let r = &outcome.response;
        let c = &r.classification;
        assert!(c.supported, "{}", c.reasoning);
        assert_eq!(serde_json::to_value(c.document_scope).unwrap(), "brief_support", "{}", c.reasoning);
        assert_eq!(serde_json::to_value(c.motion_type).unwrap(), "Rule_12");
        let caption = r.document.caption.as_ref().unwrap();
        assert!(caption.present && caption.has_court_name && caption.has_case_title && caption.has_docket_number);
        assert!(caption.has_document_designation);
        // the caption and the title are not counted; the heading and the prose are
        assert_eq!(r.document.word_count, words);
    }
}

#[test]
fn a_recognised_line_that_names_no_paper_is_not_a_title() {
    // a scanned page whose first line after the caption is prose-like capitals: no title
    let text = format!("{SCANNED_CAPTION}PRELIMINARY STATEMENT\n\n{SCANNED_BODY}");
    let hints = ClassifyHints { ocr_pages: vec![OcrPage { page: 1, text }], ..Default::default() };
    let outcome = classify(&scanned_pdf(1), &hints).unwrap();
    let c = &outcome.response.classification;
    assert!(!c.supported);
    assert!(c.reasoning.contains("no title naming the kind of paper"), "{}", c.reasoning);
}

/// A PDF of 12 pt Courier lines `(x, y, text)` per page: every glyph is 7.2 pt wide, so
/// a line can be centred exactly.
fn courier_pdf(pages: &[Vec<(i64, i64, String)>]) -> Vec<u8> {
    let mut doc = Document::with_version("1.7");
    let font = doc.add_object(dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Courier", "Encoding" => "WinAnsiEncoding" });
    let pages = pages
        .iter()
        .map(|lines| {
            let mut ops = vec![Operation::new("BT", vec![]), Operation::new("Tf", vec!["F1".into(), 12.into()])];
            for (x, y, text) in lines {
                ops.push(Operation::new("Tm", vec![1.into(), 0.into(), 0.into(), 1.into(), (*x).into(), (*y).into()]));
                ops.push(Operation::new("Tj", vec![Object::string_literal(text.as_str())]));
            }
            ops.push(Operation::new("ET", vec![]));
            (Content { operations: ops }, dictionary! { "Font" => dictionary! { "F1" => font } })
        })
        .collect();
    finish_pages(doc, pages)
}

/// The x that centres a 12 pt Courier line on a US Letter page.
fn centred(text: &str) -> i64 {
    306 - (text.len() as f64 * 3.6).round() as i64
}

/// Prose lines of at most 60 characters (432 pt in 12 pt Courier).
fn prose_lines(count: usize) -> Vec<String> {
    let words: Vec<&str> = PROSE.iter().flat_map(|l| l.split(' ')).collect();
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in words.iter().cycle() {
        if line.len() + 1 + word.len() > 60 {
            lines.push(std::mem::take(&mut line));
            if lines.len() == count {
                break;
            }
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines
}

const SIGNATURE: [&str; 9] = [
    "Dated: New York, New York, November 2, 2026",
    "Respectfully submitted,",
    "/s/ Jane Roe",
    "Jane Roe",
    "ROE & PARTNERS LLP",
    "1 Main Street, New York, NY 10001",
    "(212) 555-0100",
    "jroe@roepartners.com",
    "Attorneys for Defendant",
];

/// A double-spaced (24 pt) brief in 12 pt Courier, the way a word processor sets one: the
/// caption, the title's lines (`title_gap` apart, centred and capitalised), optionally a
/// centred heading a line below the title, three pages of prose, then the signature block
/// (a blank line under the prose) whose first `split` lines end a page and the rest open
/// the next one (`split` = 9: all on one page). Returns the PDF and its prose words.
fn double_spaced_brief(title: &[&str], title_gap: i64, heading: Option<&str>, split: usize) -> (Vec<u8>, u32) {
    let (pages, words) = double_spaced_pages(title, title_gap, heading, split);
    (courier_pdf(&pages), words)
}

/// The pages of `double_spaced_brief`, each a list of `(x, y, text)`.
type Pages = Vec<Vec<(i64, i64, String)>>;

fn double_spaced_pages(title: &[&str], title_gap: i64, heading: Option<&str>, split: usize) -> (Pages, u32) {
    let mut pages: Vec<Vec<(i64, i64, String)>> = Vec::new();
    let mut first: Vec<(i64, i64, String)> = vec![
        (centred("UNITED STATES DISTRICT COURT"), 708, "UNITED STATES DISTRICT COURT".into()),
        (centred("EASTERN DISTRICT OF NEW YORK"), 684, "EASTERN DISTRICT OF NEW YORK".into()),
        (72, 636, "JOHN DOE, Plaintiff,".into()),
        (72, 612, "v.                       Case No. 1:24-cv-01234".into()),
        (72, 588, "ACME CORPORATION, Defendant.".into()),
    ];
    let mut y = 540;
    for (k, line) in title.iter().enumerate() {
        if k > 0 {
            y -= title_gap;
        }
        first.push((centred(line), y, (*line).into()));
    }
    let mut words = 0;
    if let Some(heading) = heading {
        y -= 24;
        first.push((centred(heading), y, heading.into()));
        words += heading.split(' ').count() as u32;
    }
    y -= 48;
    let prose = prose_lines(((y - 96) / 24 + 1) as usize + 2 * 26 + 10);
    words += prose.iter().map(|l| l.split(' ').count() as u32).sum::<u32>();
    let mut page = first;
    for (k, line) in prose.iter().enumerate() {
        if y < 96 {
            pages.push(std::mem::take(&mut page));
            y = 708;
        }
        // a paragraph's first line is indented
        page.push((if k % 9 == 0 { 108 } else { 72 }, y, line.clone()));
        y -= 24;
    }
    // the signature block under a blank line, in the left column; the page break after
    // `split` of its lines
    y -= 24;
    let room = ((y - 96) / 24 + 1) as usize;
    assert!(room >= split, "the block's first {split} lines fit on the page ({room})");
    for (k, line) in SIGNATURE.iter().enumerate() {
        if k == split || y < 96 {
            pages.push(std::mem::take(&mut page));
            y = 708;
        }
        page.push((72, y, (*line).into()));
        y -= 24;
    }
    pages.push(page);
    for (n, page) in pages.iter_mut().enumerate() {
        let number = (n + 1).to_string();
        page.push((centred(&number), 36, number));
    }
    (pages, words)
}

const DISMISS_TITLE: [&str; 2] = ["MEMORANDUM OF LAW IN SUPPORT OF DEFENDANT'S MOTION", "TO DISMISS THE COMPLAINT"];

#[test]
fn a_double_spaced_title_keeps_its_second_line() {
    // the same title set 14 pt apart (single-spaced) and 24 pt apart (double-spaced, the
    // body's own spacing): both read the whole title and name a motion to dismiss
    for gap in [14, 24] {
        let (pdf, words) = double_spaced_brief(&DISMISS_TITLE, gap, None, 9);
        let r = classify(&pdf, &ClassifyHints::default()).unwrap().response;
        let c = &r.classification;
        assert_eq!(serde_json::to_value(c.motion_type).unwrap(), "Rule_12", "gap {gap}: {}", c.reasoning);
        assert_eq!(serde_json::to_value(c.document_scope).unwrap(), "brief_support", "gap {gap}");
        assert!(c.reasoning.contains("Motion to Dismiss the Complaint"), "gap {gap}: {}", c.reasoning);
        // neither title line is counted
        assert_eq!(r.document.word_count, words, "gap {gap}");
        assert_eq!(r.format_detection.line_spacing_pt, Some(24.0));
    }
    // a title broken after an open phrase ("… IN SUPPORT OF") goes on too
    let title = ["MEMORANDUM OF LAW IN SUPPORT OF", "DEFENDANT'S MOTION FOR SUMMARY JUDGMENT"];
    let (pdf, words) = double_spaced_brief(&title, 24, None, 9);
    let r = classify(&pdf, &ClassifyHints::default()).unwrap().response;
    assert_eq!(
        serde_json::to_value(r.classification.motion_type).unwrap(),
        "Rule_56",
        "{}",
        r.classification.reasoning
    );
    assert_eq!(r.document.word_count, words);
}

#[test]
fn a_heading_a_double_space_under_a_complete_title_stays_a_heading() {
    // the title is complete, so the centred capitalised heading one double-spaced line
    // below it is not part of it: it is counted and stays out of the title
    let title = ["MEMORANDUM OF LAW IN SUPPORT OF", "DEFENDANT'S MOTION TO DISMISS"];
    for heading in ["PRELIMINARY STATEMENT", "INTRODUCTION", "STATEMENT OF FACTS"] {
        let (pdf, words) = double_spaced_brief(&title, 24, Some(heading), 9);
        let r = classify(&pdf, &ClassifyHints::default()).unwrap().response;
        let c = &r.classification;
        assert_eq!(serde_json::to_value(c.motion_type).unwrap(), "Rule_12", "{}", c.reasoning);
        assert!(c.reasoning.contains("Motion to Dismiss\""), "{heading}: {}", c.reasoning);
        assert_eq!(r.document.word_count, words, "{heading} is counted");
    }
}

#[test]
fn a_signature_block_cut_by_a_page_break_is_read_across_it() {
    let one_page = {
        let (pdf, _) = double_spaced_brief(&DISMISS_TITLE, 24, None, 9);
        classify(&pdf, &ClassifyHints::default()).unwrap().response
    };
    let whole = one_page.document.signature_block.clone().unwrap();
    assert!(
        whole.present
            && whole.has_attorney_name
            && whole.has_firm_name
            && whole.has_address
            && whole.has_email
            && whole.has_phone
            && whole.is_electronic_signature,
        "{whole:?}"
    );
    // the name signed at the foot of one page, the firm, address, telephone and e-mail at
    // the top of the next (and every other place the break can fall)
    for split in 1..SIGNATURE.len() {
        let (pdf, words) = double_spaced_brief(&DISMISS_TITLE, 24, None, split);
        let r = classify(&pdf, &ClassifyHints::default()).unwrap().response;
        assert_eq!(r.document.signature_block.as_ref(), Some(&whole), "split after {split} lines");
        // nothing of the block is counted, and its second page is back matter
        assert_eq!(r.document.word_count, words, "split after {split} lines");
        assert_eq!(r.page_count_analysis.back_matter_pages, 1, "split after {split} lines");
    }
}

#[test]
fn a_new_section_at_the_top_of_the_next_page_is_not_part_of_the_signature() {
    // the block ends its page with the signer's name; the next page opens with a centred
    // heading, and the address under it is not the signer's
    let mut pages: Vec<Vec<(i64, i64, String)>> = Vec::new();
    let mut page = vec![
        (centred("UNITED STATES DISTRICT COURT"), 708, "UNITED STATES DISTRICT COURT".to_string()),
        (centred("EASTERN DISTRICT OF NEW YORK"), 684, "EASTERN DISTRICT OF NEW YORK".into()),
        (72, 636, "JOHN DOE, Plaintiff,".into()),
        (72, 612, "v.                       Case No. 1:24-cv-01234".into()),
        (72, 588, "ACME CORPORATION, Defendant.".into()),
        (centred(DISMISS_TITLE[0]), 540, DISMISS_TITLE[0].into()),
        (centred(DISMISS_TITLE[1]), 516, DISMISS_TITLE[1].into()),
    ];
    let mut y = 468;
    for line in prose_lines(12) {
        page.push((72, y, line));
        y -= 24;
    }
    for line in &SIGNATURE[..4] {
        y -= 24;
        page.push((72, y, (*line).into()));
    }
    pages.push(page);
    pages.push(vec![
        (centred("APPENDIX"), 708, "APPENDIX".into()),
        (72, 684, "ROE & PARTNERS LLP".into()),
        (72, 660, "1 Main Street, New York, NY 10001".into()),
        (72, 636, "(212) 555-0100".into()),
    ]);
    let r = classify(&courier_pdf(&pages), &ClassifyHints::default()).unwrap().response;
    let block = r.document.signature_block.unwrap();
    assert!(block.present && block.is_electronic_signature, "{block:?}");
    assert!(!block.has_firm_name && !block.has_address && !block.has_phone, "{block:?}");
}

#[test]
fn long_back_matter_is_said_and_not_counted() {
    let (brief, words) = double_spaced_pages(&DISMISS_TITLE, 24, None, 9);
    let body_pages = brief.len() as u32;
    // after the signature, `extra` pages of another paper's prose (a second brief, exhibits)
    let with = |extra: usize| {
        let mut pages = brief.clone();
        for page in 0..extra {
            // each page's own lines (the same line at the same place on many pages would
            // be read as a running header)
            let prose = prose_lines(26 * (page + 1)).split_off(26 * page);
            pages.push(prose.into_iter().enumerate().map(|(k, line)| (72, 708 - 24 * k as i64, line)).collect());
        }
        classify(&courier_pdf(&pages), &ClassifyHints::default()).unwrap().response
    };
    let said = |r: &courtrules_engine::model::Classification| {
        r.warnings.iter().filter(|w| w.contains("follow the paper's body")).cloned().collect::<Vec<_>>()
    };
    // a page or two of certificates after a brief is usual: nothing said
    let short = with(2);
    assert_eq!(short.page_count_analysis.back_matter_pages, 2);
    assert!(said(&short).is_empty(), "{:?}", short.warnings);
    // six pages more are said, as runs of page numbers, and still not counted
    let long = with(6);
    assert_eq!(long.page_count_analysis.back_matter_pages, 6);
    assert_eq!(long.document.page_count, body_pages);
    assert_eq!(long.document.word_count, words);
    let first = body_pages + 1;
    assert_eq!(
        said(&long),
        [format!(
            "Pages {first}–{} (6 pages) follow the paper's body and were read as what comes after it (certificates, \
             exhibits, attachments), so they are not counted; if the PDF holds more than one paper, classify each \
             on its own.",
            first + 5
        )]
    );
}

/// How `drawn_pdf` draws a brief's pages.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Drawn {
    /// As `courier_pdf` does.
    Plain,
    /// Each page stored landscape, its content turned a quarter turn, with `/Rotate 90`
    /// to show it upright (LaTeX's pdflscape, a page rotated in a PDF editor).
    StoredRotated,
    /// A page-size image under the text, drawn invisibly (`3 Tr`): a scan with a text
    /// recognizer's text layer.
    RecognizedLayer,
    /// Lines in capitals drawn twice, the second 0.4 pt to the right: bold faked by
    /// overprinting.
    Overprinted,
}

fn drawn_pdf(pages: &Pages, drawn: Drawn) -> Vec<u8> {
    let mut doc = Document::with_version("1.7");
    let font = doc.add_object(dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Courier", "Encoding" => "WinAnsiEncoding" });
    let image = doc.add_object(Stream::new(
        dictionary! { "Type" => "XObject", "Subtype" => "Image", "Width" => 1, "Height" => 1, "ColorSpace" => "DeviceGray", "BitsPerComponent" => 8 },
        vec![0xFF],
    ));
    let pages_id = doc.new_object_id();
    let mut kids: Vec<Object> = Vec::new();
    for lines in pages {
        let op = |name: &str, operands: Vec<Object>| Operation::new(name, operands);
        let mut ops = Vec::new();
        if drawn == Drawn::RecognizedLayer {
            ops.push(op("q", vec![]));
            ops.push(op("cm", vec![612.into(), 0.into(), 0.into(), 792.into(), 0.into(), 0.into()]));
            ops.push(op("Do", vec!["Im0".into()]));
            ops.push(op("Q", vec![]));
        }
        if drawn == Drawn::StoredRotated {
            // (x, y) on the portrait page is (792 - y, x) on the landscape one
            ops.push(op("cm", vec![0.into(), 1.into(), (-1).into(), 0.into(), 792.into(), 0.into()]));
        }
        ops.push(op("BT", vec![]));
        ops.push(op("Tf", vec!["F1".into(), 12.into()]));
        if drawn == Drawn::RecognizedLayer {
            ops.push(op("Tr", vec![3.into()]));
        }
        for (x, y, text) in lines {
            let mut at = vec![*x as f32];
            if drawn == Drawn::Overprinted && !text.chars().any(|c| c.is_lowercase()) {
                at.push(*x as f32 + 0.4);
            }
            for x in at {
                ops.push(op("Tm", vec![1.into(), 0.into(), 0.into(), 1.into(), x.into(), (*y).into()]));
                ops.push(op("Tj", vec![Object::string_literal(text.as_str())]));
            }
        }
        ops.push(op("ET", vec![]));
        let content = doc.add_object(Stream::new(dictionary! {}, Content { operations: ops }.encode().unwrap()));
        let mut page = dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "Contents" => content,
            "Resources" => dictionary! { "Font" => dictionary! { "F1" => font }, "XObject" => dictionary! { "Im0" => image } },
        };
        if drawn == Drawn::StoredRotated {
            page.set("MediaBox", vec![0.into(), 0.into(), 792.into(), 612.into()]);
            page.set("Rotate", 90);
        }
        kids.push(doc.add_object(page).into());
    }
    save(doc, pages_id, kids)
}

fn classified(pdf: &[u8]) -> courtrules_engine::model::Classification {
    classify(pdf, &ClassifyHints::default()).unwrap().response
}

#[test]
fn pages_stored_rotated_are_read_as_they_are_shown() {
    let (pages, words) = double_spaced_pages(&DISMISS_TITLE, 24, None, 9);
    let plain = classified(&drawn_pdf(&pages, Drawn::Plain));
    assert_eq!(plain.document.word_count, words);
    // every glyph turned a quarter turn and shown upright by /Rotate: the same reading,
    // margins and all (they were dropped as rotated text)
    let rotated = classified(&drawn_pdf(&pages, Drawn::StoredRotated));
    assert_eq!(serde_json::to_value(&rotated).unwrap(), serde_json::to_value(&plain).unwrap());
}

#[test]
fn invisible_text_over_a_scan_is_counted_with_a_warning_and_no_format() {
    let (pages, words) = double_spaced_pages(&DISMISS_TITLE, 24, None, 9);
    let plain = classified(&drawn_pdf(&pages, Drawn::Plain));
    let layer = classified(&drawn_pdf(&pages, Drawn::RecognizedLayer));
    assert_eq!(layer.document.word_count, words);
    assert_eq!(layer.classification.document_scope, plain.classification.document_scope);
    let all = (1..=pages.len()).map(|p| p.to_string()).collect::<Vec<_>>().join(", ");
    assert!(
        layer.warnings.contains(&format!(
            "Pages {all} have a text layer made by text recognition (invisible text over a scanned image), so \
             counts there may be approximate and the format is not measured there."
        )),
        "{:?}",
        layer.warnings
    );
    // the recognizer's positions are not the typed page's: no format, and a reason
    assert_eq!(plain.format_detection.confidence, courtrules_engine::model::Confidence::High);
    assert_eq!(layer.format_detection.confidence, courtrules_engine::model::Confidence::Low);
    assert!(layer.format_detection.confidence_reason.contains("text recognizer"), "{:?}", layer.format_detection);
    assert!(layer.document.format.is_none());
}

#[test]
fn a_heading_overprinted_to_look_bold_is_counted_once() {
    let (mut pages, words) = double_spaced_pages(&DISMISS_TITLE, 24, None, 9);
    // a heading in the body, centred and in capitals
    pages[1].push((centred("ARGUMENT"), 96, "ARGUMENT".into()));
    let plain = classified(&drawn_pdf(&pages, Drawn::Plain));
    assert_eq!(plain.document.word_count, words + 1);
    let overprinted = classified(&drawn_pdf(&pages, Drawn::Overprinted));
    assert_eq!(overprinted.document.word_count, words + 1);
    assert_eq!(overprinted.classification, plain.classification);
}

/// A PDF of one page painted with an image of `width` × `height` samples of `bits`
/// bits, stored as given under `filter` (none: raw).
fn image_pdf(width: i64, height: i64, bits: i64, filter: Option<&str>, data: Vec<u8>) -> Vec<u8> {
    let mut doc = Document::with_version("1.7");
    let mut dict = dictionary! {
        "Type" => "XObject", "Subtype" => "Image", "Width" => width, "Height" => height,
        "ColorSpace" => "DeviceGray", "BitsPerComponent" => bits,
    };
    if let Some(filter) = filter {
        dict.set("Filter", filter);
    }
    let image = doc.add_object(Stream::new(dict, data));
    let content = Content {
        operations: vec![
            Operation::new("cm", vec![612.into(), 0.into(), 0.into(), 792.into(), 0.into(), 0.into()]),
            Operation::new("Do", vec!["Im0".into()]),
        ],
    };
    finish(doc, content, dictionary! { "XObject" => dictionary! { "Im0" => image } })
}

#[test]
fn page_images_past_16_megapixels_are_reduced_for_recognition() {
    // 8-bit grey, 4,100 × 4,100 (16.8 M): halved, each pixel the mean of its block
    let samples: Vec<u8> = (0..4_100 * 4_100).map(|i| if i % 2 == 0 { 0 } else { 200 }).collect();
    let image = scan_image(&image_pdf(4_100, 4_100, 8, None, samples), 1).unwrap();
    assert_eq!((image.format, image.width, image.height), ("pgm", 2_050, 2_050));
    assert!(image.data.starts_with(b"P5\n2050 2050\n255\n"));
    assert_eq!(image.data.len(), b"P5\n2050 2050\n255\n".len() + 2_050 * 2_050);
    assert!(image.data[b"P5\n2050 2050\n255\n".len()..].iter().all(|&v| v == 100));
    // 1 bit, 7,900 × 7,900 (62 M): halved, as grey
    let row = 7_900usize.div_ceil(8);
    let image = scan_image(&image_pdf(7_900, 7_900, 1, None, vec![0xFF; row * 7_900]), 1).unwrap();
    assert_eq!((image.format, image.width, image.height), ("pgm", 3_950, 3_950));
    // under the limit: as stored
    let image = scan_image(&image_pdf(2_550, 3_300, 1, None, vec![0xFF; 2_550usize.div_ceil(8) * 3_300]), 1).unwrap();
    assert_eq!((image.format, image.width, image.height), ("pbm", 2_550, 3_300));
    // a JPEG is handed on as stored, so past 36 M it is refused, saying why
    let error = scan_image(&image_pdf(7_900, 7_900, 8, Some("DCTDecode"), vec![0xFF, 0xD8, 0xFF]), 1).unwrap_err();
    assert_eq!(
        error.message(),
        "page 1's image is 7900 × 7900 pixels (62 megapixels), more than text recognition takes (36 megapixels, a \
         letter page scanned at 600 dpi)"
    );
}
