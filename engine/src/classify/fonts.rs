//! Fonts as far as text extraction needs them: how bytes become characters (encodings,
//! `/Differences`, `/ToUnicode`), how wide each glyph is (`/Widths`, `/W`, or the standard
//! fonts' metrics), and the ascent and descent used for margins.

use super::lexer::{Lexer, Operand};
use super::limits::{MAX_CMAP_ENTRIES, MAX_WIDTHS};
use super::metrics;
use super::pdf::Pdf;
use lopdf::{Dictionary, Object};
use std::borrow::Cow;
use std::collections::BTreeMap;

pub struct Font {
    /// `/BaseFont` as written (subset prefix included).
    pub name: String,
    pub bold: bool,
    /// Ascender and descender, in 1/1000 em (descent negative).
    pub ascent: f64,
    pub descent: f64,
    /// Widths come from the file or from standard metrics, not a guess.
    pub known_widths: bool,
    /// Some codes have no known character (no ToUnicode for a CID font).
    pub undecodable: bool,
    kind: Kind,
    to_unicode: Option<CMap>,
    /// Glyph space to text space for Type 3 fonts (1 for the others).
    scale: f64,
}

enum Kind {
    Simple {
        chars: Box<[char; 256]>,
        widths: Vec<f64>,
        first_char: usize,
        standard: Option<&'static [u16; 224]>,
        fixed: Option<f64>,
        missing: f64,
    },
    Composite {
        widths: Vec<(u32, u32, f64)>,
        default_width: f64,
    },
}

/// One shown glyph: its code, text and advance width in text space units of 1/1000 em.
pub struct Shown<'a> {
    pub text: &'a str,
    pub width: f64,
    /// Byte 32 of a one-byte encoding: word spacing applies to it.
    pub word_space: bool,
}

impl Font {
    pub fn load(pdf: &Pdf, dict: &Dictionary) -> Font {
        let subtype = pdf.get_name(dict, b"Subtype").unwrap_or(b"Type1");
        let name = pdf.get_name(dict, b"BaseFont").map(|n| String::from_utf8_lossy(n).into_owned()).unwrap_or_default();
        let to_unicode = match dict.get(b"ToUnicode").ok().and_then(|o| pdf.resolve(o)) {
            Some(Object::Stream(stream)) => pdf.decode(stream, 1 << 20).ok().map(|data| CMap::parse(&data)),
            _ => None,
        };
        if subtype == b"Type0" {
            return Self::composite(pdf, dict, name, to_unicode);
        }
        let descriptor = pdf.get_dict(dict, b"FontDescriptor");
        let standard = standard_font(&name);
        let (mut bold, _) = style_from_name(&name);
        if let Some(d) = descriptor {
            let flags = pdf.get_number(d, b"Flags").unwrap_or(0.0) as i64;
            bold |= flags & 0x40000 != 0 || pdf.get_number(d, b"FontWeight").is_some_and(|w| w >= 600.0);
        }
        let (mut ascent, mut descent) = standard.map_or((750.0, -250.0), |s| (s.ascent, s.descent));
        if let Some(d) = descriptor {
            if let Some(a) = pdf.get_number(d, b"Ascent").filter(|a| *a > 0.0 && *a < 2000.0) {
                ascent = a;
            }
            if let Some(a) = pdf.get_number(d, b"Descent").filter(|a| *a < 0.0 && *a > -2000.0) {
                descent = a;
            }
        }
        let chars = simple_encoding(pdf, dict, standard.is_some() || subtype == b"Type1");
        let first_char = pdf.get_number(dict, b"FirstChar").map_or(0, |f| f.clamp(0.0, 255.0) as usize);
        let widths: Vec<f64> = pdf
            .get_array(dict, b"Widths")
            .map(|items| items.iter().take(256).map(|w| pdf.number(w).unwrap_or(0.0)).collect())
            .unwrap_or_default();
        let missing = descriptor.and_then(|d| pdf.get_number(d, b"MissingWidth")).unwrap_or(0.0);
        let scale = if subtype == b"Type3" {
            pdf.get_array(dict, b"FontMatrix")
                .and_then(|m| m.first())
                .and_then(|a| pdf.number(a))
                .map_or(1.0, |a| (a * 1000.0).clamp(-1e3, 1e3))
        } else {
            1.0
        };
        let known_widths = !widths.is_empty() || standard.is_some();
        Font {
            name,
            bold,
            ascent,
            descent,
            known_widths,
            undecodable: false,
            kind: Kind::Simple {
                chars: Box::new(chars),
                widths,
                first_char,
                standard: standard.and_then(|s| s.widths),
                fixed: standard.and_then(|s| s.fixed),
                missing,
            },
            to_unicode,
            scale,
        }
    }

    fn composite(pdf: &Pdf, dict: &Dictionary, name: String, to_unicode: Option<CMap>) -> Font {
        let descendant = pdf.get_array(dict, b"DescendantFonts").and_then(|d| d.first()).and_then(|d| pdf.dict(d));
        let mut widths = Vec::new();
        let mut default_width = 1000.0;
        let (mut bold, _) = style_from_name(&name);
        let (mut ascent, mut descent) = (880.0, -120.0);
        if let Some(cid) = descendant {
            default_width = pdf.get_number(cid, b"DW").unwrap_or(1000.0);
            if let Some(w) = pdf.get_array(cid, b"W") {
                widths = cid_widths(pdf, w);
            }
            if let Some(d) = pdf.get_dict(cid, b"FontDescriptor") {
                let flags = pdf.get_number(d, b"Flags").unwrap_or(0.0) as i64;
                bold |= flags & 0x40000 != 0 || pdf.get_number(d, b"FontWeight").is_some_and(|w| w >= 600.0);
                ascent = pdf.get_number(d, b"Ascent").filter(|a| *a > 0.0 && *a < 2000.0).unwrap_or(ascent);
                descent = pdf.get_number(d, b"Descent").filter(|a| *a < 0.0 && *a > -2000.0).unwrap_or(descent);
            }
        }
        let undecodable = to_unicode.is_none();
        Font {
            name,
            bold,
            ascent,
            descent,
            known_widths: true,
            undecodable,
            kind: Kind::Composite { widths, default_width },
            to_unicode,
            scale: 1.0,
        }
    }

    /// Calls `emit` for every glyph the string shows.
    pub fn show(&self, bytes: &[u8], emit: &mut dyn FnMut(Shown<'_>)) {
        let mut buffer = [0u8; 4];
        match &self.kind {
            Kind::Simple { chars, widths, first_char, standard, fixed, missing } => {
                for &code in bytes {
                    let c = usize::from(code);
                    let width = match widths.get(c.wrapping_sub(*first_char)).filter(|_| c >= *first_char) {
                        Some(&w) => w,
                        None => match (fixed, standard) {
                            (Some(w), _) => *w,
                            (None, Some(table)) => standard_width(table, chars[c]),
                            (None, None) if widths.is_empty() => 500.0,
                            (None, None) => *missing,
                        },
                    } * self.scale;
                    let mapped = self.to_unicode.as_ref().and_then(|m| m.get(u32::from(code)));
                    let text = match &mapped {
                        Some(text) => text.as_ref(),
                        None => chars[c].encode_utf8(&mut buffer),
                    };
                    emit(Shown { text, width, word_space: code == 32 });
                }
            }
            Kind::Composite { widths, default_width } => {
                for pair in bytes.chunks(2) {
                    let code =
                        if pair.len() == 2 { u32::from(pair[0]) << 8 | u32::from(pair[1]) } else { u32::from(pair[0]) };
                    let width = lookup_width(widths, code).unwrap_or(*default_width);
                    let mapped = self.to_unicode.as_ref().and_then(|m| m.get(code));
                    let text = match &mapped {
                        Some(text) => text.as_ref(),
                        None => '\u{FFFD}'.encode_utf8(&mut buffer),
                    };
                    emit(Shown { text, width, word_space: false });
                }
            }
        }
    }
}

/// Metrics of a standard font chosen from a font name.
#[derive(Clone, Copy)]
struct Standard {
    widths: Option<&'static [u16; 224]>,
    fixed: Option<f64>,
    ascent: f64,
    descent: f64,
}

/// Recognises the standard 14 fonts and their common clones (Arial, Times New Roman,
/// Liberation, Nimbus, Courier New) by name.
fn standard_font(name: &str) -> Option<Standard> {
    let key: String =
        strip_subset(name).chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase();
    let (bold, italic) = style_from_name(name);
    let any = |words: &[&str]| words.iter().any(|w| key.contains(w));
    if any(&["courier", "nimbusmono", "liberationmono", "cousine"]) {
        return Some(Standard { widths: None, fixed: Some(600.0), ascent: 629.0, descent: -157.0 });
    }
    if any(&["times", "tinos", "liberationserif", "nimbusrom"]) {
        let (widths, ascent, descent) = match (bold, italic) {
            (false, false) => (&metrics::TIMES_ROMAN, 683.0, -217.0),
            (true, false) => (&metrics::TIMES_BOLD, 676.0, -205.0),
            (false, true) => (&metrics::TIMES_ITALIC, 683.0, -205.0),
            (true, true) => (&metrics::TIMES_BOLD_ITALIC, 699.0, -205.0),
        };
        return Some(Standard { widths: Some(widths), fixed: None, ascent, descent });
    }
    if any(&["helvetica", "arial", "arimo", "liberationsans", "nimbussans"]) {
        // Adobe's Helvetica-Oblique and Helvetica-BoldOblique are the upright faces slanted:
        // their AFM widths are the upright ones, glyph for glyph.
        let widths = if bold { &metrics::HELVETICA_BOLD } else { &metrics::HELVETICA };
        return Some(Standard { widths: Some(widths), fixed: None, ascent: 718.0, descent: -207.0 });
    }
    None
}

pub fn strip_subset(name: &str) -> &str {
    match name.split_once('+') {
        Some((tag, rest)) if tag.len() == 6 && tag.bytes().all(|b| b.is_ascii_uppercase()) => rest,
        _ => name,
    }
}

fn style_from_name(name: &str) -> (bool, bool) {
    let lower = strip_subset(name).to_ascii_lowercase();
    let bold = ["bold", "black", "heavy", "semibold", "demi"].iter().any(|w| lower.contains(w));
    let italic = ["italic", "oblique", "slanted"].iter().any(|w| lower.contains(w));
    (bold, italic)
}

fn standard_width(table: &[u16; 224], ch: char) -> f64 {
    win_ansi_code(ch)
        .and_then(|code| code.checked_sub(32))
        .map(|i| f64::from(table[usize::from(i)]))
        .filter(|w| *w > 0.0)
        .unwrap_or(500.0)
}

/// The WinAnsi code of a character, if it has one.
fn win_ansi_code(ch: char) -> Option<u8> {
    let u = u32::from(ch);
    if (32..127).contains(&u) {
        return Some(u as u8);
    }
    metrics::WIN_ANSI.iter().position(|&c| u32::from(c) == u && c != 0).map(|p| p as u8)
}

/// The 256 characters of a simple font: base encoding plus `/Differences`.
fn simple_encoding(pdf: &Pdf, dict: &Dictionary, standard_default: bool) -> [char; 256] {
    let mut base: &[u16; 256] = if standard_default { &metrics::STANDARD } else { &metrics::WIN_ANSI };
    let mut differences: Option<&[Object]> = None;
    match dict.get(b"Encoding").ok().and_then(|e| pdf.resolve(e)) {
        Some(Object::Name(name)) => base = named_encoding(name).unwrap_or(base),
        Some(Object::Dictionary(enc)) => {
            if let Some(name) = pdf.get_name(enc, b"BaseEncoding") {
                base = named_encoding(name).unwrap_or(base);
            }
            differences = pdf.get_array(enc, b"Differences");
        }
        _ => {}
    }
    let mut chars = ['\0'; 256];
    for (code, slot) in chars.iter_mut().enumerate() {
        *slot = match base[code] {
            0 if code >= 32 => char::from(code as u8),
            0 => '\0',
            u => char::from_u32(u32::from(u)).unwrap_or('\u{FFFD}'),
        };
    }
    if let Some(items) = differences {
        let mut code = 0usize;
        for item in items.iter().take(MAX_WIDTHS) {
            match pdf.resolve(item) {
                Some(Object::Integer(i)) => code = (*i).clamp(0, 256) as usize,
                Some(Object::Name(name)) => {
                    if code < 256
                        && let Some(ch) = glyph_char(name)
                    {
                        chars[code] = ch;
                    }
                    code += 1;
                }
                _ => {}
            }
        }
    }
    chars
}

fn named_encoding(name: &[u8]) -> Option<&'static [u16; 256]> {
    match name {
        b"WinAnsiEncoding" => Some(&metrics::WIN_ANSI),
        b"MacRomanEncoding" => Some(&metrics::MAC_ROMAN),
        b"StandardEncoding" => Some(&metrics::STANDARD),
        _ => None,
    }
}

/// The character a glyph name stands for: the standard names, `uniXXXX`, `uXXXX`, and
/// the first part of ligature (`f_i`) or variant (`a.sc`) names.
fn glyph_char(name: &[u8]) -> Option<char> {
    let name = std::str::from_utf8(name).ok()?;
    let base = name.split('.').next().unwrap_or(name);
    let base = base.split('_').next().unwrap_or(base);
    if let Ok(index) = metrics::GLYPH_NAMES.binary_search_by(|(n, _)| n.cmp(&base)) {
        return char::from_u32(u32::from(metrics::GLYPH_NAMES[index].1));
    }
    let hex = base.strip_prefix("uni").or_else(|| base.strip_prefix('u'))?;
    if hex.len() < 4 || hex.len() > 6 {
        return None;
    }
    char::from_u32(u32::from_str_radix(&hex[..4.max(hex.len().min(6))], 16).ok()?)
}

fn cid_widths(pdf: &Pdf, items: &[Object]) -> Vec<(u32, u32, f64)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < items.len() && out.len() < MAX_WIDTHS {
        let Some(first) = pdf.number(&items[i]) else { break };
        let first = first.clamp(0.0, f64::from(u32::MAX)) as u32;
        match items.get(i + 1).and_then(|o| pdf.resolve(o)) {
            Some(Object::Array(list)) => {
                for (k, w) in list.iter().take(MAX_WIDTHS).enumerate() {
                    let code = first.saturating_add(k as u32);
                    out.push((code, code, pdf.number(w).unwrap_or(0.0)));
                }
                i += 2;
            }
            Some(_) => {
                let last =
                    items.get(i + 1).and_then(|o| pdf.number(o)).unwrap_or(0.0).clamp(0.0, f64::from(u32::MAX)) as u32;
                let width = items.get(i + 2).and_then(|o| pdf.number(o)).unwrap_or(0.0);
                out.push((first, last.max(first), width));
                i += 3;
            }
            None => break,
        }
    }
    out.sort_by_key(|&(lo, _, _)| lo);
    out
}

fn lookup_width(widths: &[(u32, u32, f64)], code: u32) -> Option<f64> {
    let index = widths.partition_point(|&(lo, _, _)| lo <= code);
    let &(lo, hi, w) = widths.get(index.checked_sub(1)?)?;
    (lo <= code && code <= hi).then_some(w)
}

/// A ToUnicode CMap: single codes and ranges, never expanded into a table.
struct CMap {
    singles: BTreeMap<u32, String>,
    ranges: Vec<(u32, u32, Vec<u16>)>,
}

impl CMap {
    fn parse(data: &[u8]) -> CMap {
        let mut singles = BTreeMap::new();
        let mut ranges = Vec::new();
        let mut lexer = Lexer::new(data);
        let mut operands = Vec::new();
        let mut entries = 0usize;
        while let Ok(Some(op)) = lexer.next_op_keeping(&mut operands, 4096) {
            match op {
                b"endbfchar" => {
                    for pair in operands.chunks(2) {
                        if let [Operand::Str(src), Operand::Str(dst)] = pair {
                            singles.insert(code_of(src), utf16_text(dst));
                            entries += 1;
                        }
                    }
                }
                b"endbfrange" => {
                    for triple in operands.chunks(3) {
                        match triple {
                            [Operand::Str(lo), Operand::Str(hi), Operand::Str(dst)] => {
                                ranges.push((code_of(lo), code_of(hi), utf16_units(dst)));
                            }
                            [Operand::Str(lo), Operand::Str(_), Operand::Array(list)] => {
                                let lo = code_of(lo);
                                for (k, item) in list.iter().enumerate() {
                                    if let Operand::Str(dst) = item {
                                        singles.insert(lo.saturating_add(k as u32), utf16_text(dst));
                                    }
                                }
                            }
                            _ => {}
                        }
                        entries += 1;
                    }
                }
                _ => {}
            }
            if entries > MAX_CMAP_ENTRIES || singles.len() > MAX_CMAP_ENTRIES {
                break;
            }
        }
        CMap { singles, ranges }
    }

    fn get(&self, code: u32) -> Option<Cow<'_, str>> {
        if let Some(text) = self.singles.get(&code) {
            return Some(Cow::Borrowed(text.as_str()));
        }
        let (lo, _, base) = self.ranges.iter().find(|(lo, hi, _)| *lo <= code && code <= *hi)?;
        let mut units = base.clone();
        if let Some(last) = units.last_mut() {
            *last = last.wrapping_add((code - lo) as u16);
        }
        Some(Cow::Owned(String::from_utf16_lossy(&units)))
    }
}

fn code_of(bytes: &[u8]) -> u32 {
    bytes.iter().take(4).fold(0u32, |acc, &b| acc << 8 | u32::from(b))
}

fn utf16_units(bytes: &[u8]) -> Vec<u16> {
    bytes
        .chunks(2)
        .map(|p| if p.len() == 2 { u16::from(p[0]) << 8 | u16::from(p[1]) } else { u16::from(p[0]) })
        .collect()
}

fn utf16_text(bytes: &[u8]) -> String {
    String::from_utf16_lossy(&utf16_units(bytes))
}
