//! Hard limits that keep hostile PDFs from costing unbounded time or memory. Real court
//! filings stay far below every one of them; crossing one is an `InvalidInput` error.

/// Largest PDF accepted, in bytes.
pub const MAX_PDF_BYTES: usize = 64 << 20;
/// Largest size one content or image stream may inflate to.
pub const MAX_STREAM_BYTES: usize = 16 << 20;
/// Largest size lopdf may inflate one object or cross-reference stream to while loading
/// (real ones hold at most a few hundred kilobytes of object syntax).
pub const MAX_OBJECT_STREAM_BYTES: usize = 8 << 20;

/// Decompressed content (page and form streams) interpreted for one page.
pub const MAX_PAGE_CONTENT_BYTES: usize = 32 << 20;
/// Decompressed bytes over the whole document.
pub const MAX_TOTAL_CONTENT_BYTES: usize = 256 << 20;
/// Pages in the page tree.
pub const MAX_PAGES: usize = 2_000;
/// Page-tree depth (a balanced tree of 2,000 pages needs a handful of levels).
pub const MAX_TREE_DEPTH: usize = 64;
/// Entries in one page's `/Contents` array.
pub const MAX_CONTENTS_PARTS: usize = 4_096;
/// Content-stream operators interpreted on one page, and over the whole document (a
/// filing's page runs a few hundred to a few thousand; form XObjects painted again and
/// again can make a tiny file run millions on every page).
pub const MAX_OPS_PER_PAGE: usize = 3_000_000;
pub const MAX_OPS_TOTAL: usize = 6_000_000;
/// Glyphs shown on one page and in the whole document.
pub const MAX_GLYPHS_PER_PAGE: usize = 200_000;
pub const MAX_GLYPHS_TOTAL: usize = 4_000_000;
/// Graphics-state nesting (`q` without `Q`); Acrobat's own limit is 28.
pub const MAX_Q_DEPTH: usize = 256;
/// Form XObjects painting form XObjects.
pub const MAX_FORM_DEPTH: usize = 12;
/// Operands kept before an operator (the most any operator takes is a handful).
pub const MAX_OPERANDS: usize = 64;
/// Nesting of arrays and dictionaries inside a content stream.
pub const MAX_OPERAND_NESTING: usize = 16;
/// Elements of one operand array (a `TJ` array of a long line has a few hundred).
pub const MAX_ARRAY_LEN: usize = 65_536;
/// Reference hops followed when resolving one object.
pub const MAX_DEREF_HOPS: usize = 32;
/// Entries read from a `/Widths` or `/W` array, and ranges from a ToUnicode CMap.
pub const MAX_WIDTHS: usize = 65_536;
pub const MAX_CMAP_ENTRIES: usize = 100_000;
/// Nodes visited in the AcroForm field tree and the outline.
pub const MAX_TREE_NODES: usize = 100_000;
/// Recognised text accepted for one page, in bytes.
pub const MAX_OCR_TEXT_BYTES: usize = 1 << 20;
/// Pixels in a page image decoded for text recognition (a letter page at 600 dpi is 34 M).
pub const MAX_IMAGE_PIXELS: u64 = 64_000_000;
/// Pixels in an image handed to the text recognizer, whose memory grows with them (about
/// 16 bytes a pixel for Tesseract): larger raw images are reduced to fit (a letter page at
/// 400 dpi is 15 M), and JPEG or JPEG 2000 images, handed on as stored, are refused above
/// `MAX_STORED_OCR_PIXELS` (a letter page at 600 dpi, 34 M, fits).
pub const MAX_OCR_PIXELS: u64 = 16_000_000;
pub const MAX_STORED_OCR_PIXELS: u64 = 36_000_000;
