//! The PDF's object structure through lopdf: loading, references, the page tree, and
//! the catalog's other trees — each walked with a visited set and a node limit, because a
//! hostile file can make any of them loop or explode.

use super::decode::{self, DecodeError, Filter, Predictor};
use super::limits::*;
use lopdf::{Dictionary, Document, LoadOptions, Object, ObjectId};
use std::collections::HashSet;

/// A failure that makes the whole document unreadable; becomes `InvalidInput`.
pub type Fail = String;

pub struct Pdf {
    doc: Document,
    /// The file was encrypted with an empty user password and lopdf decrypted it.
    pub decrypted: bool,
}

/// One leaf of the page tree with the attributes it inherits.
pub struct PageRef<'a> {
    pub dict: &'a Dictionary,
    pub resources: Option<&'a Dictionary>,
    /// `[x0, y0, x1, y1]`, normalised; `None` when the page gives no usable box.
    pub media_box: Option<[f64; 4]>,
}

/// What the AcroForm says about interactive fields.
#[derive(Default)]
pub struct FormInfo {
    /// Terminal fields other than signature fields.
    pub fields: usize,
    pub xfa: bool,
}

impl Pdf {
    pub fn load(bytes: &[u8]) -> Result<Pdf, Fail> {
        if bytes.len() > MAX_PDF_BYTES {
            return Err(format!("the PDF is larger than {} MiB", MAX_PDF_BYTES >> 20));
        }
        let start = bytes.windows(5).take(1024).position(|w| w == b"%PDF-");
        if start.is_none() {
            return Err("the file is not a PDF (no %PDF- header at its start)".into());
        }
        check_file_structure(&bytes[start.unwrap_or(0)..])?;
        let options = LoadOptions { max_decompressed_size: Some(MAX_OBJECT_STREAM_BYTES), ..LoadOptions::default() };
        let doc = Document::load_mem_with_options(bytes, options).map_err(|error| {
            let text = error.to_string();
            if text.to_ascii_lowercase().contains("decrypt") || text.to_ascii_lowercase().contains("password") {
                "the PDF is encrypted and needs a password; upload an unencrypted copy".to_string()
            } else if text.contains("decompress") {
                // lopdf says only this when an object stream inflates past its limit
                format!(
                    "the PDF could not be read: an object stream is damaged or inflates past {} MiB (a \
                     decompression bomb?)",
                    MAX_OBJECT_STREAM_BYTES >> 20
                )
            } else {
                format!("the PDF could not be read: {text}")
            }
        })?;
        if doc.trailer.has(b"Encrypt") {
            return Err("the PDF is encrypted and needs a password; upload an unencrypted copy".into());
        }
        let decrypted = doc.encryption_state.is_some();
        Ok(Pdf { doc, decrypted })
    }

    /// A stream's `/Length` that refers to something other than a number (itself, a
    /// loop of references): a damaged or malicious file, even if the data can be found.
    pub fn length_is_broken(&self, dict: &Dictionary) -> bool {
        match dict.get(b"Length") {
            Ok(Object::Reference(id)) => match self.doc.objects.get(id) {
                None => false,
                Some(_) => !matches!(self.resolve(&Object::Reference(*id)), Some(Object::Integer(_) | Object::Real(_))),
            },
            _ => false,
        }
    }

    /// Follows references (a bounded number of hops).
    pub fn resolve<'a>(&'a self, mut object: &'a Object) -> Option<&'a Object> {
        for _ in 0..MAX_DEREF_HOPS {
            match object {
                Object::Reference(id) => object = self.doc.objects.get(id)?,
                other => return Some(other),
            }
        }
        None
    }

    /// The dictionary an object is or refers to (a stream's dictionary for a stream).
    pub fn dict<'a>(&'a self, object: &'a Object) -> Option<&'a Dictionary> {
        match self.resolve(object)? {
            Object::Dictionary(dict) => Some(dict),
            Object::Stream(stream) => Some(&stream.dict),
            _ => None,
        }
    }

    pub fn get<'a>(&'a self, dict: &'a Dictionary, key: &[u8]) -> Option<&'a Object> {
        self.resolve(dict.get(key).ok()?)
    }

    pub fn get_dict<'a>(&'a self, dict: &'a Dictionary, key: &[u8]) -> Option<&'a Dictionary> {
        self.dict(dict.get(key).ok()?)
    }

    pub fn get_array<'a>(&'a self, dict: &'a Dictionary, key: &[u8]) -> Option<&'a [Object]> {
        match self.get(dict, key)? {
            Object::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn get_name<'a>(&'a self, dict: &'a Dictionary, key: &[u8]) -> Option<&'a [u8]> {
        match self.get(dict, key)? {
            Object::Name(name) => Some(name),
            _ => None,
        }
    }

    pub fn number(&self, object: &Object) -> Option<f64> {
        let value = match self.resolve(object)? {
            Object::Integer(i) => *i as f64,
            Object::Real(r) => f64::from(*r),
            _ => return None,
        };
        value.is_finite().then_some(value)
    }

    pub fn get_number(&self, dict: &Dictionary, key: &[u8]) -> Option<f64> {
        self.number(dict.get(key).ok()?)
    }

    pub fn catalog(&self) -> Result<&Dictionary, Fail> {
        let root = self.doc.trailer.get(b"Root").map_err(|_| "the PDF has no document catalog (/Root)".to_string())?;
        self.dict(root).ok_or_else(|| "the PDF's document catalog (/Root) is not a dictionary".to_string())
    }

    /// The pages in order. Walks `/Kids` from the root with a visited set: a node met
    /// twice (a cycle, or a subtree shared to multiply the page count) is an error.
    pub fn pages(&self) -> Result<Vec<PageRef<'_>>, Fail> {
        let catalog = self.catalog()?;
        let root = catalog.get(b"Pages").map_err(|_| "the PDF has no page tree (/Pages)".to_string())?;
        let mut pages = Vec::new();
        let mut seen: HashSet<ObjectId> = HashSet::new();
        struct Node<'a> {
            object: &'a Object,
            resources: Option<&'a Dictionary>,
            media_box: Option<[f64; 4]>,
            depth: usize,
        }
        let mut stack = vec![Node { object: root, resources: None, media_box: None, depth: 0 }];
        while let Some(node) = stack.pop() {
            if node.depth > MAX_TREE_DEPTH {
                return Err("the PDF's page tree is nested too deeply".into());
            }
            if let Object::Reference(id) = node.object
                && !seen.insert(*id)
            {
                return Err(format!("the PDF's page tree reaches object {} twice (a cycle or shared subtree)", id.0));
            }
            let dict = self
                .dict(node.object)
                .ok_or_else(|| "the PDF's page tree refers to a page that is missing or damaged".to_string())?;
            let resources = self.get_dict(dict, b"Resources").or(node.resources);
            let media_box = self.rect(dict, b"MediaBox").or(node.media_box);
            let is_tree_node = dict.has(b"Kids") && self.get_name(dict, b"Type") != Some(b"Page");
            if !is_tree_node {
                if pages.len() >= MAX_PAGES {
                    return Err(format!("the PDF has more than {MAX_PAGES} pages"));
                }
                self.check_parents(dict, pages.len() + 1)?;
                let media_box = self.rect(dict, b"CropBox").and_then(|crop| intersect(crop, media_box)).or(media_box);
                pages.push(PageRef { dict, resources, media_box });
                continue;
            }
            let kids =
                self.get_array(dict, b"Kids").ok_or_else(|| "a page-tree node's /Kids is not an array".to_string())?;
            if kids.len() > MAX_PAGES * 4 {
                return Err(format!("the PDF has more than {MAX_PAGES} pages"));
            }
            for kid in kids.iter().rev() {
                stack.push(Node { object: kid, resources, media_box, depth: node.depth + 1 });
            }
        }
        if pages.is_empty() {
            return Err("the PDF has no pages".into());
        }
        Ok(pages)
    }

    /// A page's `/Parent` chain must end (at the root); a loop there would make any
    /// reader that looks up inherited attributes spin.
    fn check_parents(&self, page: &Dictionary, number: usize) -> Result<(), Fail> {
        let mut seen = HashSet::new();
        let mut current = page.get(b"Parent").ok();
        while let Some(Object::Reference(id)) = current {
            if !seen.insert(*id) || seen.len() > MAX_TREE_DEPTH {
                return Err(format!("page {number}'s /Parent chain loops back on itself"));
            }
            current = self.doc.objects.get(id).and_then(|o| self.dict(o)).and_then(|d| d.get(b"Parent").ok());
        }
        Ok(())
    }

    /// A rectangle entry, normalised so x0 < x1 and y0 < y1.
    fn rect(&self, dict: &Dictionary, key: &[u8]) -> Option<[f64; 4]> {
        let items = self.get_array(dict, key)?;
        if items.len() != 4 {
            return None;
        }
        let mut v = [0.0; 4];
        for (slot, item) in v.iter_mut().zip(items) {
            *slot = self.number(item)?;
        }
        Some([v[0].min(v[2]), v[1].min(v[3]), v[0].max(v[2]), v[1].max(v[3])])
    }

    /// Walks the outline and the AcroForm field tree: a loop in either marks a corrupt
    /// or malicious file. Returns what the form holds.
    pub fn check_trees(&self) -> Result<FormInfo, Fail> {
        let catalog = self.catalog()?;
        if let Some(outlines) = self.get_dict(catalog, b"Outlines")
            && let Some(first) = outlines.get(b"First").ok()
        {
            self.walk(first, &[b"First", b"Next"], "outline")?;
        }
        let mut info = FormInfo::default();
        if let Some(form) = self.get_dict(catalog, b"AcroForm") {
            info.xfa = form.has(b"XFA");
            if let Ok(fields) = form.get(b"Fields") {
                let mut count = 0;
                let mut visit = |dict: &Dictionary| {
                    let terminal = !dict.has(b"Kids");
                    if terminal && self.get_name(dict, b"FT") != Some(b"Sig") {
                        count += 1;
                    }
                };
                self.walk_fields(fields, &mut visit)?;
                info.fields = count;
            }
        }
        Ok(info)
    }

    /// Follows the `keys` links from `start` (a linked list/tree), failing on a loop.
    fn walk(&self, start: &Object, keys: &[&[u8]], what: &str) -> Result<(), Fail> {
        let mut seen = HashSet::new();
        let mut stack = vec![start];
        while let Some(object) = stack.pop() {
            if let Object::Reference(id) = object
                && !seen.insert(*id)
            {
                return Err(format!("the PDF's {what} loops back on itself (object {})", id.0));
            }
            if seen.len() > MAX_TREE_NODES {
                return Err(format!("the PDF's {what} is too large"));
            }
            let Some(dict) = self.dict(object) else { continue };
            for key in keys {
                if let Ok(next) = dict.get(key) {
                    stack.push(next);
                }
            }
        }
        Ok(())
    }

    fn walk_fields(&self, fields: &Object, visit: &mut dyn FnMut(&Dictionary)) -> Result<(), Fail> {
        let mut seen = HashSet::new();
        let mut stack: Vec<&Object> = match self.resolve(fields) {
            Some(Object::Array(items)) => items.iter().collect(),
            _ => return Ok(()),
        };
        while let Some(object) = stack.pop() {
            if let Object::Reference(id) = object
                && !seen.insert(*id)
            {
                return Err(format!("the PDF's form field tree loops back on itself (object {})", id.0));
            }
            if seen.len() > MAX_TREE_NODES || stack.len() > MAX_TREE_NODES {
                return Err("the PDF's form field tree is too large".into());
            }
            let Some(dict) = self.dict(object) else { continue };
            visit(dict);
            if let Some(kids) = self.get_array(dict, b"Kids") {
                stack.extend(kids.iter());
            }
        }
        Ok(())
    }

    /// The streams of a `/Contents` entry (one stream or an array of them).
    pub fn content_streams<'a>(&'a self, page: &'a Dictionary) -> Result<Vec<&'a lopdf::Stream>, Fail> {
        let Some(contents) = page.get(b"Contents").ok().and_then(|c| self.resolve(c)) else {
            return Ok(Vec::new());
        };
        match contents {
            Object::Stream(stream) => Ok(vec![stream]),
            Object::Array(items) => {
                if items.len() > MAX_CONTENTS_PARTS {
                    return Err(format!("a page's /Contents has more than {MAX_CONTENTS_PARTS} parts"));
                }
                Ok(items
                    .iter()
                    .filter_map(|item| match self.resolve(item) {
                        Some(Object::Stream(stream)) => Some(stream),
                        _ => None,
                    })
                    .collect())
            }
            _ => Ok(Vec::new()),
        }
    }

    /// A stream's `/Filter` chain with predictor parameters.
    pub fn filters(&self, dict: &Dictionary) -> Vec<Filter> {
        let names: Vec<&Object> = match self.get(dict, b"Filter") {
            Some(Object::Array(items)) => items.iter().collect(),
            Some(other) => vec![other],
            None => Vec::new(),
        };
        let parms: Vec<Option<&Dictionary>> = match self.get(dict, b"DecodeParms") {
            Some(Object::Array(items)) => items.iter().map(|item| self.dict(item)).collect(),
            Some(Object::Dictionary(parms)) => vec![Some(parms)],
            _ => Vec::new(),
        };
        names
            .iter()
            .enumerate()
            .filter_map(|(index, name)| {
                let Some(Object::Name(name)) = self.resolve(name) else { return None };
                let mut predictor = Predictor::default();
                if let Some(Some(parms)) = parms.get(index) {
                    let int = |key: &[u8], default: i64| self.get_number(parms, key).map_or(default, |v| v as i64);
                    predictor = Predictor {
                        predictor: int(b"Predictor", 1),
                        colors: int(b"Colors", 1),
                        bits: int(b"BitsPerComponent", 8),
                        columns: int(b"Columns", 1),
                    };
                }
                Some(Filter { name: name.clone(), predictor })
            })
            .collect()
    }

    /// A stream's decoded bytes, at most `limit` of them.
    pub fn decode(&self, stream: &lopdf::Stream, limit: usize) -> Result<Vec<u8>, DecodeError> {
        let (data, codec) = decode::decode(&stream.content, &self.filters(&stream.dict), limit)?;
        match codec {
            None => Ok(data),
            Some(name) => Err(DecodeError::Unsupported(String::from_utf8_lossy(&name).into_owned())),
        }
    }
}

fn intersect(a: [f64; 4], b: Option<[f64; 4]>) -> Option<[f64; 4]> {
    let Some(b) = b else { return Some(a) };
    let r = [a[0].max(b[0]), a[1].max(b[1]), a[2].min(b[2]), a[3].min(b[3])];
    (r[0] < r[2] && r[1] < r[3]).then_some(r)
}

/// Checks on the file's own cross-reference structure that lopdf repairs silently: a file
/// without `%%EOF` was cut off; trailers that name no catalog, or `/Prev` offsets that
/// lead back to a section already read, mark a damaged or malicious file.
fn check_file_structure(bytes: &[u8]) -> Result<(), Fail> {
    if find(bytes, b"%%EOF", 0).is_none() {
        return Err("the PDF is truncated (it has no %%EOF end marker); upload the complete file".into());
    }
    let trailers: Vec<usize> = positions(bytes, b"trailer");
    let xref_streams = find(bytes, b"/XRef", 0).is_some();
    if !trailers.is_empty() && !xref_streams {
        let dicts: Vec<&[u8]> = trailers
            .iter()
            .map(|&t| &bytes[t..find(bytes, b"startxref", t).unwrap_or(bytes.len()).min(t + 4096)])
            .collect();
        if !dicts.iter().any(|d| find(d, b"/Root", 0).is_some()) {
            return Err("the PDF's trailer names no document catalog (/Root)".into());
        }
        // follow startxref and /Prev through classic xref sections
        let sections = positions(bytes, b"xref");
        let mut offset = last_startxref(bytes);
        let mut seen = HashSet::new();
        while let Some(at) = offset {
            if !sections.contains(&at) {
                break;
            }
            if !seen.insert(at) {
                return Err("the PDF's cross-reference sections point back at each other (/Prev loop)".into());
            }
            let trailer = trailers.iter().copied().find(|&t| t > at);
            offset = trailer.and_then(|t| {
                let end = find(bytes, b"startxref", t).unwrap_or(bytes.len()).min(t + 4096);
                number_after(&bytes[t..end], b"/Prev")
            });
        }
    }
    Ok(())
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    haystack.get(from..)?.windows(needle.len()).position(|w| w == needle).map(|p| p + from)
}

/// Where `needle` starts as a keyword (not inside a longer word such as `startxref`).
fn positions(haystack: &[u8], needle: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = find(haystack, needle, from) {
        let before = at.checked_sub(1).map(|i| haystack[i]);
        if before.is_none_or(|b| !b.is_ascii_alphanumeric()) {
            out.push(at);
        }
        from = at + needle.len();
        if out.len() > 100_000 {
            break;
        }
    }
    out
}

fn last_startxref(bytes: &[u8]) -> Option<usize> {
    let at = positions(bytes, b"startxref").last().copied()?;
    number_after(&bytes[at..], b"startxref")
}

fn number_after(bytes: &[u8], key: &[u8]) -> Option<usize> {
    let at = find(bytes, key, 0)? + key.len();
    let digits: Vec<u8> = bytes[at..]
        .iter()
        .skip_while(|b| b.is_ascii_whitespace())
        .take_while(|b| b.is_ascii_digit())
        .copied()
        .collect();
    if digits.is_empty() || digits.len() > 12 {
        return None;
    }
    std::str::from_utf8(&digits).ok()?.parse().ok()
}
