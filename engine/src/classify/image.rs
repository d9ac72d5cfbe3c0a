//! The image of a scanned page, ready for a text-recognition tool: raw greyscale or RGB
//! samples become a PNM file (PGM/PPM/PBM) and JPEG or JPEG 2000 data is handed out as it
//! is. Decoding is bounded like everything else, so an image bomb is an error here, not
//! an out-of-memory in the host.

use super::decode::{self, DecodeError};
use super::limits::MAX_IMAGE_PIXELS;
use super::pdf::Pdf;
use crate::error::EngineError;
use lopdf::Object;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScanImage {
    /// `pgm`, `ppm`, `pbm`, `jpeg` or `jp2`: what `data` holds (a complete file).
    pub format: &'static str,
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

/// The largest image painted directly on page `page` (1-based).
pub fn scan_image(pdf_bytes: &[u8], page: u32) -> Result<ScanImage, EngineError> {
    let invalid = |message: String| EngineError::InvalidInput { message };
    let pdf = Pdf::load(pdf_bytes).map_err(invalid)?;
    let pages = pdf.pages().map_err(invalid)?;
    let page_ref = pages
        .get((page as usize).wrapping_sub(1))
        .ok_or_else(|| invalid(format!("page {page} does not exist (the PDF has {} pages)", pages.len())))?;
    let xobjects = page_ref.resources.and_then(|r| pdf.get_dict(r, b"XObject"));
    let mut best: Option<(&lopdf::Stream, u64)> = None;
    for (_, object) in xobjects.into_iter().flat_map(|x| x.iter()) {
        if let Some(Object::Stream(stream)) = pdf.resolve(object)
            && pdf.get_name(&stream.dict, b"Subtype") == Some(b"Image")
        {
            let w = pdf.get_number(&stream.dict, b"Width").unwrap_or(0.0).max(0.0) as u64;
            let h = pdf.get_number(&stream.dict, b"Height").unwrap_or(0.0).max(0.0) as u64;
            let pixels = w.saturating_mul(h);
            if best.is_none_or(|(_, p)| pixels > p) {
                best = Some((stream, pixels));
            }
        }
    }
    let (stream, pixels) = best.ok_or_else(|| invalid(format!("page {page} paints no image")))?;
    let dict = &stream.dict;
    let width = pdf.get_number(dict, b"Width").unwrap_or(0.0).max(0.0) as u64;
    let height = pdf.get_number(dict, b"Height").unwrap_or(0.0).max(0.0) as u64;
    if pixels == 0 {
        let declared = |key: &[u8]| pdf.get_number(dict, key).map_or("none".to_owned(), |n| n.to_string());
        return Err(invalid(format!(
            "page {page}'s image has no pixels to recognise (its Width is {}, its Height {})",
            declared(b"Width"),
            declared(b"Height")
        )));
    }
    if pixels > MAX_IMAGE_PIXELS {
        return Err(invalid(format!("page {page}'s image is {width} × {height} pixels, too large to recognise")));
    }
    let bits = pdf.get_number(dict, b"BitsPerComponent").unwrap_or(8.0) as u64;
    let components = match pdf.get(dict, b"ColorSpace") {
        Some(Object::Name(name)) if name == b"DeviceRGB" || name == b"CalRGB" => 3,
        Some(Object::Name(name)) if name == b"DeviceCMYK" => 4,
        Some(Object::Array(items))
            if items.first().and_then(|n| pdf.resolve(n)) == Some(&Object::Name(b"ICCBased".to_vec())) =>
        {
            items.get(1).and_then(|s| pdf.dict(s)).and_then(|d| pdf.get_number(d, b"N")).unwrap_or(1.0) as u64
        }
        _ => 1,
    };
    let row = (width * components * bits).div_ceil(8);
    let expected = row * height;
    let limit = (expected + expected / 8 + 1024) as usize;
    let (data, codec) = decode::decode(&stream.content, &pdf.filters(dict), limit).map_err(|e| {
        invalid(match e {
            DecodeError::TooLarge => {
                format!("page {page}'s image inflates past its stated size (a decompression bomb?)")
            }
            DecodeError::Corrupt(why) => format!("page {page}'s image is damaged ({why})"),
            DecodeError::Unsupported(f) => format!("page {page}'s image uses the {f} filter, which is not supported"),
        })
    })?;
    let (w, h) = (width as u32, height as u32);
    match codec.as_deref() {
        Some(b"DCTDecode" | b"DCT") => return Ok(ScanImage { format: "jpeg", width: w, height: h, data }),
        Some(b"JPXDecode") => return Ok(ScanImage { format: "jp2", width: w, height: h, data }),
        Some(other) => {
            return Err(invalid(format!(
                "page {page}'s image uses the {} filter, which is not supported",
                String::from_utf8_lossy(other)
            )));
        }
        None => {}
    }
    if (data.len() as u64) < expected {
        return Err(invalid(format!("page {page}'s image holds fewer samples than it states")));
    }
    let (magic, format) = match (components, bits) {
        (1, 8) => ("P5", "pgm"),
        (3, 8) => ("P6", "ppm"),
        (1, 1) => ("P4", "pbm"),
        _ => {
            return Err(invalid(format!(
                "page {page}'s image has {components} components of {bits} bits, which is not supported"
            )));
        }
    };
    let mut out = match format {
        "pbm" => format!("{magic}\n{width} {height}\n").into_bytes(),
        _ => format!("{magic}\n{width} {height}\n255\n").into_bytes(),
    };
    let samples = &data[..expected as usize];
    if format == "pbm" {
        // PDF: 1 is white; PBM: 1 is black
        out.extend(samples.iter().map(|b| !b));
    } else {
        out.extend_from_slice(samples);
    }
    Ok(ScanImage { format, width: w, height: h, data: out })
}
