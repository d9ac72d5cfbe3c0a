//! The content-stream interpreter: runs a page's operators with the graphics and text
//! state a PDF viewer keeps, and records every glyph shown with its position, size and
//! font. Form XObjects are followed (depth-limited, cycles rejected); images only count
//! as painted area, which is how image-only ("scanned") pages are recognised.

use super::fonts::Font;
use super::lexer::{Lexer, Operand};
use super::limits::*;
use super::pdf::{Fail, Pdf};
use crate::checks::Thousands;
use lopdf::{Dictionary, Object, ObjectId};
use std::collections::HashMap;
use std::rc::Rc;

/// One glyph on the page, in the page's default user space (points).
#[derive(Clone, Debug)]
pub struct Glyph {
    /// The glyph origin on the baseline (text rise excluded).
    pub x: f64,
    pub y: f64,
    /// Text rise (`Ts`) in points: superscripts and subscripts.
    pub rise: f64,
    /// Advance width in points (character and word spacing excluded).
    pub width: f64,
    /// Font size × text-matrix and CTM scale, in points.
    pub size: f64,
    /// Index into `Fonts::list`.
    pub font: u32,
    pub ch: char,
    pub space: bool,
    /// Quarter turns clockwise that make the glyph's text upright (`TURNS`): 0 for text
    /// running right, 1 for text running up the page, 2 left, 3 down. `x`, `y` and the
    /// rest are measured after that turn.
    pub turn: u8,
    /// Drawn with an invisible text rendering mode (`3 Tr` or `7 Tr`): the text layer a
    /// text recognizer lays over a scanned image.
    pub invisible: bool,
}

/// The fonts met so far, loaded once per font dictionary.
#[derive(Default)]
pub struct Fonts {
    pub list: Vec<Font>,
    by_key: HashMap<FontKey, u32>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum FontKey {
    Object(ObjectId),
    /// A font dictionary written inline; its address identifies it for this run only.
    Inline(usize),
}

/// What a page shows.
#[derive(Default)]
pub struct PageContent {
    pub glyphs: Vec<Glyph>,
    /// Area covered by painted images, in square points.
    pub image_area: f64,
}

impl PageContent {
    /// Keeps the glyphs of the orientation most of the page's text is drawn in (of
    /// equals, the upright one first) and says which (`Glyph::turn`): a landscape page
    /// stored rotated is read as it is shown, and a stamp running up the margin of an
    /// upright page is left out.
    pub fn keep_main_turn(&mut self) -> u8 {
        let mut counts = [0usize; 4];
        for glyph in self.glyphs.iter().filter(|g| !g.space) {
            counts[glyph.turn as usize % 4] += 1;
        }
        let turn = (0..4u8).max_by_key(|&t| (counts[t as usize], std::cmp::Reverse(t))).unwrap_or(0);
        self.glyphs.retain(|g| g.turn == turn);
        turn
    }

    /// Most of the text is invisible and drawn over an image covering a quarter of the
    /// page or more: a scanned page with the text layer of a text recognizer (a
    /// "searchable" scan), whose words and positions are the recognizer's guesses.
    pub fn recognized_layer(&self, page_area: f64) -> bool {
        let shown = self.glyphs.iter().filter(|g| !g.space);
        let (invisible, total) = shown.fold((0, 0), |(i, t), g| (i + usize::from(g.invisible), t + 1));
        total > 0 && 2 * invisible > total && self.image_area >= 0.25 * page_area
    }
}

/// Work counters shared by all pages of one document.
#[derive(Default)]
pub struct Budget {
    pub content_bytes: usize,
    pub glyphs: usize,
    pub ops: usize,
    /// Form XObjects' content, decoded once (a form is often painted on every page).
    forms: HashMap<ObjectId, Rc<[u8]>>,
}

type Matrix = [f64; 6];
const IDENTITY: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

/// Quarter turns clockwise about the origin, by `Glyph::turn`: text drawn running up the
/// page (a landscape page stored rotated, with `/Rotate 90`) runs right after turn 1.
pub const TURNS: [Matrix; 4] =
    [IDENTITY, [0.0, -1.0, 1.0, 0.0, 0.0, 0.0], [-1.0, 0.0, 0.0, -1.0, 0.0, 0.0], [0.0, 1.0, -1.0, 0.0, 0.0, 0.0]];

/// The quarter turn that makes text drawn with text-rendering matrix `m` run right, or
/// `None` for text set at a slant.
fn quarter_turn(m: &Matrix) -> Option<u8> {
    let (a, b) = (m[0], m[1]);
    if b.abs() <= 0.05 * a.abs() {
        Some(if a > 0.0 { 0 } else { 2 })
    } else if a.abs() <= 0.05 * b.abs() {
        Some(if b > 0.0 { 1 } else { 3 })
    } else {
        None
    }
}

/// A page box `[x0, y0, x1, y1]` after `turn` quarter turns: the box the turned glyphs
/// are measured in.
pub fn turn_box(b: [f64; 4], turn: u8) -> [f64; 4] {
    let m = &TURNS[turn as usize % 4];
    let (x0, y0) = (b[0] * m[0] + b[1] * m[2], b[0] * m[1] + b[1] * m[3]);
    let (x1, y1) = (b[2] * m[0] + b[3] * m[2], b[2] * m[1] + b[3] * m[3]);
    [x0.min(x1), y0.min(y1), x0.max(x1), y0.max(y1)]
}

fn mul(a: &Matrix, b: &Matrix) -> Matrix {
    [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]
}

#[derive(Clone)]
struct State {
    ctm: Matrix,
    font: Option<u32>,
    size: f64,
    char_spacing: f64,
    word_spacing: f64,
    scale: f64,
    leading: f64,
    rise: f64,
    /// Text rendering mode 3 (neither filled nor stroked) or 7 (clipping only).
    invisible: bool,
}

struct Interp<'a> {
    pdf: &'a Pdf,
    fonts: &'a mut Fonts,
    budget: &'a mut Budget,
    out: PageContent,
    page_bytes: usize,
    ops: usize,
    forms: Vec<ObjectId>,
    page_number: usize,
}

/// Interprets one page's content streams.
pub fn run_page(
    pdf: &Pdf,
    page: &Dictionary,
    resources: Option<&Dictionary>,
    page_number: usize,
    fonts: &mut Fonts,
    budget: &mut Budget,
) -> Result<PageContent, Fail> {
    let streams = pdf.content_streams(page)?;
    let mut interp = Interp {
        pdf,
        fonts,
        budget,
        out: PageContent::default(),
        page_bytes: 0,
        ops: 0,
        forms: Vec::new(),
        page_number,
    };
    // The streams of one page are one content stream split in parts: decode them all
    // and run them as one.
    let mut data = Vec::new();
    for stream in streams {
        let part = interp.decode(stream)?;
        data.extend_from_slice(&part);
        data.push(b'\n');
    }
    let state = State {
        ctm: IDENTITY,
        font: None,
        size: 0.0,
        char_spacing: 0.0,
        word_spacing: 0.0,
        scale: 1.0,
        leading: 0.0,
        rise: 0.0,
        invisible: false,
    };
    interp.run(&data, resources, state)?;
    Ok(interp.out)
}

impl Interp<'_> {
    fn fail(&self, what: &str) -> Fail {
        format!("page {}: {what}", self.page_number)
    }

    fn decode(&mut self, stream: &lopdf::Stream) -> Result<Vec<u8>, Fail> {
        if self.pdf.length_is_broken(&stream.dict) {
            return Err(self.fail("a content stream's /Length refers to itself or to a loop of references"));
        }

        let room = (MAX_PAGE_CONTENT_BYTES - self.page_bytes)
            .min(MAX_TOTAL_CONTENT_BYTES.saturating_sub(self.budget.content_bytes))
            .min(MAX_STREAM_BYTES);
        let data = self.pdf.decode(stream, room).map_err(|error| match error {
            super::decode::DecodeError::TooLarge => {
                self.fail("its content is too large to analyse (a decompression bomb?)")
            }
            super::decode::DecodeError::Corrupt(why) => self.fail(&format!("its content stream is damaged ({why})")),
            super::decode::DecodeError::Unsupported(filter) => {
                self.fail(&format!("its content uses the {filter} filter, which is not supported"))
            }
        })?;
        self.page_bytes += data.len();
        self.budget.content_bytes += data.len();
        Ok(data)
    }

    /// Counts content interpreted again (a form painted before) against the page's and
    /// the document's limits, as if decoded again.
    fn count(&mut self, bytes: usize) -> Result<(), Fail> {
        self.page_bytes += bytes;
        self.budget.content_bytes += bytes;
        if self.page_bytes > MAX_PAGE_CONTENT_BYTES || self.budget.content_bytes > MAX_TOTAL_CONTENT_BYTES {
            return Err(
                self.fail("its content, with the form XObjects it paints again and again, is too large to analyse")
            );
        }
        Ok(())
    }

    fn run(&mut self, data: &[u8], resources: Option<&Dictionary>, mut state: State) -> Result<(), Fail> {
        let mut lexer = Lexer::new(data);
        let mut operands: Vec<Operand> = Vec::new();
        let mut stack: Vec<State> = Vec::new();
        let mut tm = IDENTITY;
        let mut tlm = IDENTITY;
        while let Some(op) = lexer.next_op(&mut operands).map_err(|e| self.fail(e.0))? {
            self.ops += 1;
            self.budget.ops += 1;
            if self.ops > MAX_OPS_PER_PAGE {
                return Err(self.fail(&format!(
                    "its content runs more than {} operators, too many to analyse (a filing's page runs a few \
                     thousand)",
                    Thousands(MAX_OPS_PER_PAGE as u64)
                )));
            }
            if self.budget.ops > MAX_OPS_TOTAL {
                return Err(self.fail(&format!(
                    "the document's content runs more than {} operators by this page, too many to analyse (a \
                     filing's page runs a few thousand)",
                    Thousands(MAX_OPS_TOTAL as u64)
                )));
            }
            let num = |i: usize| match operands.get(i) {
                Some(Operand::Num(n)) => *n,
                _ => 0.0,
            };
            match op {
                b"q" => {
                    if stack.len() >= MAX_Q_DEPTH {
                        return Err(self.fail("its graphics state is nested too deeply (q without Q)"));
                    }
                    stack.push(state.clone());
                }
                b"Q" => {
                    if let Some(saved) = stack.pop() {
                        state = saved;
                    }
                }
                b"cm" if operands.len() >= 6 => {
                    let m = [num(0), num(1), num(2), num(3), num(4), num(5)];
                    state.ctm = finite(mul(&m, &state.ctm)).unwrap_or(state.ctm);
                }
                b"BT" => {
                    tm = IDENTITY;
                    tlm = IDENTITY;
                }
                b"Tf" => {
                    if let Some(Operand::Name(name)) = operands.first() {
                        state.font = self.font(resources, name);
                    }
                    state.size = num(1);
                }
                b"Tc" => state.char_spacing = num(0),
                b"Tw" => state.word_spacing = num(0),
                b"Tz" => state.scale = num(0) / 100.0,
                b"TL" => state.leading = num(0),
                b"Ts" => state.rise = num(0),
                b"Tr" => state.invisible = num(0) == 3.0 || num(0) == 7.0,
                b"Td" | b"TD" => {
                    if op == b"TD" {
                        state.leading = -num(1);
                    }
                    tlm = mul(&[1.0, 0.0, 0.0, 1.0, num(0), num(1)], &tlm);
                    tm = tlm;
                }
                b"Tm" if operands.len() >= 6 => {
                    tlm = [num(0), num(1), num(2), num(3), num(4), num(5)];
                    tm = tlm;
                }
                b"T*" => {
                    tlm = mul(&[1.0, 0.0, 0.0, 1.0, 0.0, -state.leading], &tlm);
                    tm = tlm;
                }
                b"Tj" | b"'" | b"\"" => {
                    if op != b"Tj" {
                        if op == b"\"" {
                            state.word_spacing = num(0);
                            state.char_spacing = num(1);
                        }
                        tlm = mul(&[1.0, 0.0, 0.0, 1.0, 0.0, -state.leading], &tlm);
                        tm = tlm;
                    }
                    if let Some(Operand::Str(bytes)) = operands.last() {
                        self.show(bytes, &state, &mut tm)?;
                    }
                }
                b"TJ" => {
                    if let Some(Operand::Array(items)) = operands.first() {
                        for item in items {
                            match item {
                                Operand::Str(bytes) => self.show(bytes, &state, &mut tm)?,
                                Operand::Num(adjust) => {
                                    let tx = -adjust / 1000.0 * state.size * state.scale;
                                    tm = mul(&[1.0, 0.0, 0.0, 1.0, tx, 0.0], &tm);
                                }
                                _ => {}
                            }
                        }
                    }
                }
                b"Do" => {
                    if let Some(Operand::Name(name)) = operands.first() {
                        self.paint_xobject(resources, name, &state)?;
                    }
                }
                b"BI" => self.image(&state.ctm),
                _ => {}
            }
        }
        Ok(())
    }

    fn font(&mut self, resources: Option<&Dictionary>, name: &[u8]) -> Option<u32> {
        let fonts = self.pdf.get_dict(resources?, b"Font")?;
        let entry = fonts.get(name).ok()?;
        let key = match entry {
            Object::Reference(id) => FontKey::Object(*id),
            other => FontKey::Inline(other as *const Object as usize),
        };
        if let Some(&index) = self.fonts.by_key.get(&key) {
            return Some(index);
        }
        let dict = self.pdf.dict(entry)?;
        let index = self.fonts.list.len() as u32;
        self.fonts.list.push(Font::load(self.pdf, dict));
        self.fonts.by_key.insert(key, index);
        Some(index)
    }

    fn show(&mut self, bytes: &[u8], state: &State, tm: &mut Matrix) -> Result<(), Fail> {
        let Some(font_index) = state.font else { return Ok(()) };
        let font = &self.fonts.list[font_index as usize];
        let size = state.size;
        let mut glyphs = Vec::new();
        let mut advance_all = 0.0f64;
        let start_tm = *tm;
        let trm_drawn = mul(&start_tm, &state.ctm);
        // Text drawn turned (a landscape page stored rotated) is measured turned back
        // upright; text at a slant is not read.
        let turn = quarter_turn(&trm_drawn);
        let trm_base = mul(&trm_drawn, &TURNS[turn.unwrap_or(0) as usize]);
        let vertical_scale = (trm_base[2] * trm_base[2] + trm_base[3] * trm_base[3]).sqrt();
        let effective_size = (size * vertical_scale).abs();
        let upright = turn.is_some();
        let turn = turn.unwrap_or(0);
        font.show(bytes, &mut |shown| {
            let w0 = shown.width / 1000.0;
            let tx = (w0 * size + state.char_spacing + if shown.word_space { state.word_spacing } else { 0.0 })
                * state.scale;
            let origin = mul(&[1.0, 0.0, 0.0, 1.0, advance_all, 0.0], &trm_base);
            let mut chars = shown.text.chars();
            let first = chars.next().unwrap_or('\u{FFFD}');
            let width = w0 * size * state.scale * trm_base[0];
            let rise = state.rise * vertical_scale;
            if upright && effective_size.is_finite() && effective_size > 0.1 && effective_size < 2000.0 {
                let x = origin[4];
                let y = origin[5];
                if x.is_finite() && y.is_finite() && width.is_finite() && rise.abs() < 1e4 {
                    glyphs.push(Glyph {
                        x,
                        y,
                        rise,
                        width,
                        size: effective_size,
                        font: font_index,
                        ch: first,
                        space: shown.word_space || first.is_whitespace(),
                        turn,
                        invisible: state.invisible,
                    });
                    // further characters of a ligature or multi-character mapping
                    for ch in chars {
                        glyphs.push(Glyph {
                            x: x + width,
                            y,
                            rise,
                            width: 0.0,
                            size: effective_size,
                            font: font_index,
                            ch,
                            space: ch.is_whitespace(),
                            turn,
                            invisible: state.invisible,
                        });
                    }
                }
            }
            advance_all += tx;
        });
        *tm = mul(&[1.0, 0.0, 0.0, 1.0, advance_all, 0.0], &start_tm);
        self.budget.glyphs += glyphs.len();
        if self.out.glyphs.len() + glyphs.len() > MAX_GLYPHS_PER_PAGE {
            return Err(self.fail("it shows too many characters to analyse"));
        }
        if self.budget.glyphs > MAX_GLYPHS_TOTAL {
            return Err("the PDF shows too many characters to analyse".into());
        }
        self.out.glyphs.extend(glyphs);
        Ok(())
    }

    fn image(&mut self, ctm: &Matrix) {
        let area = (ctm[0] * ctm[3] - ctm[1] * ctm[2]).abs();
        if area.is_finite() {
            self.out.image_area += area.min(1e12);
        }
    }

    fn paint_xobject(&mut self, resources: Option<&Dictionary>, name: &[u8], state: &State) -> Result<(), Fail> {
        let Some(xobjects) = resources.and_then(|r| self.pdf.get_dict(r, b"XObject")) else { return Ok(()) };
        let Ok(entry) = xobjects.get(name) else { return Ok(()) };
        let id = match entry {
            Object::Reference(id) => Some(*id),
            _ => None,
        };
        let Some(Object::Stream(stream)) = self.pdf.resolve(entry) else { return Ok(()) };
        match self.pdf.get_name(&stream.dict, b"Subtype") {
            Some(b"Image") => {
                self.image(&state.ctm);
                Ok(())
            }
            Some(b"Form") => {
                if let Some(id) = id
                    && self.forms.contains(&id)
                {
                    return Err(self.fail("a form XObject paints itself (a cycle)"));
                }
                if self.forms.len() >= MAX_FORM_DEPTH {
                    return Err(self.fail("form XObjects are nested too deeply"));
                }
                let data = match id.and_then(|id| self.budget.forms.get(&id)) {
                    Some(data) => {
                        let data = Rc::clone(data);
                        self.count(data.len())?;
                        data
                    }
                    None => {
                        let data: Rc<[u8]> = self.decode(stream)?.into();
                        if let Some(id) = id {
                            self.budget.forms.insert(id, Rc::clone(&data));
                        }
                        data
                    }
                };
                let form_resources = self.pdf.get_dict(&stream.dict, b"Resources").or(resources);
                let mut inner = state.clone();
                if let Some(items) = self.pdf.get_array(&stream.dict, b"Matrix")
                    && items.len() == 6
                {
                    let mut m = IDENTITY;
                    for (slot, item) in m.iter_mut().zip(items) {
                        *slot = self.pdf.number(item).unwrap_or(0.0);
                    }
                    inner.ctm = finite(mul(&m, &state.ctm)).unwrap_or(state.ctm);
                }
                self.forms.push(id.unwrap_or((0, 0)));
                let result = self.run(&data, form_resources, inner);
                self.forms.pop();
                result
            }
            _ => Ok(()),
        }
    }
}

fn finite(m: Matrix) -> Option<Matrix> {
    m.iter().all(|v| v.is_finite()).then_some(m)
}
