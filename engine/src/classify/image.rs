//! The image of a scanned page, ready for a text-recognition tool: raw greyscale or RGB
//! samples become a PNM file (PGM/PPM/PBM) and JPEG or JPEG 2000 data is handed out as it
//! is. Decoding is bounded like everything else, so an image bomb is an error here, not
//! an out-of-memory in the host; and what the recognizer gets is bounded too (raw images
//! larger than `MAX_OCR_PIXELS` are reduced, larger stored JPEGs refused), because its
//! memory grows with the pixels.

use super::decode::{self, DecodeError};
use super::limits::{MAX_IMAGE_PIXELS, MAX_OCR_PIXELS, MAX_STORED_OCR_PIXELS};
use super::pdf::Pdf;
use crate::error::EngineError;
use lopdf::Object;
use std::borrow::Cow;

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
    let stored = |format: &'static str, data: Vec<u8>| {
        if pixels > MAX_STORED_OCR_PIXELS {
            return Err(invalid(format!(
                "page {page}'s image is {width} × {height} pixels ({} megapixels), more than text recognition takes \
                 ({} megapixels, a letter page scanned at 600 dpi)",
                pixels / 1_000_000,
                MAX_STORED_OCR_PIXELS / 1_000_000
            )));
        }
        Ok(ScanImage { format, width: w, height: h, data })
    };
    match codec.as_deref() {
        Some(b"DCTDecode" | b"DCT") => return stored("jpeg", data),
        Some(b"JPXDecode") => return stored("jp2", data),
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
    let samples = &data[..expected as usize];
    if pixels > MAX_OCR_PIXELS {
        let factor = reduction(width, height);
        let (samples, components) = match format {
            "pbm" => (Cow::Owned(bits_to_grey(samples, width as usize, height as usize)), 1),
            _ => (Cow::Borrowed(samples), components as usize),
        };
        let (samples, w, h) = reduce(&samples, width as usize, height as usize, components, factor);
        let (magic, format) = if components == 1 { ("P5", "pgm") } else { ("P6", "ppm") };
        let mut out = format!("{magic}\n{w} {h}\n255\n").into_bytes();
        out.extend_from_slice(&samples);
        return Ok(ScanImage { format, width: w as u32, height: h as u32, data: out });
    }
    let mut out = match format {
        "pbm" => format!("{magic}\n{width} {height}\n").into_bytes(),
        _ => format!("{magic}\n{width} {height}\n255\n").into_bytes(),
    };
    if format == "pbm" {
        // PDF: 1 is white; PBM: 1 is black
        out.extend(samples.iter().map(|b| !b));
    } else {
        out.extend_from_slice(samples);
    }
    Ok(ScanImage { format, width: w, height: h, data: out })
}

/// The smallest whole factor that brings a `width` × `height` image within
/// `MAX_OCR_PIXELS` (2 for a letter page at 600 dpi: 300 dpi).
fn reduction(width: u64, height: u64) -> usize {
    (2..).find(|f| width.div_ceil(*f) * height.div_ceil(*f) <= MAX_OCR_PIXELS).unwrap_or(2) as usize
}

/// 1-bit samples (rows padded to a byte; 1 is white) as 8-bit grey.
fn bits_to_grey(samples: &[u8], width: usize, height: usize) -> Vec<u8> {
    let row = width.div_ceil(8);
    let mut out = Vec::with_capacity(width * height);
    for y in 0..height {
        let bits = &samples[y * row..(y + 1) * row];
        out.extend((0..width).map(|x| if bits[x / 8] & (0x80 >> (x % 8)) != 0 { 255 } else { 0 }));
    }
    out
}

/// 8-bit samples, `components` a pixel, reduced by `factor` each way: each output pixel
/// is the mean of a `factor` × `factor` block (partial blocks at the right and bottom
/// edges averaged over what they hold).
fn reduce(samples: &[u8], width: usize, height: usize, components: usize, factor: usize) -> (Vec<u8>, usize, usize) {
    let (w, h) = (width.div_ceil(factor), height.div_ceil(factor));
    let mut out = Vec::with_capacity(w * h * components);
    let mut sums = vec![0u32; w * components];
    let mut counts = vec![0u32; w];
    for top in (0..height).step_by(factor) {
        sums.fill(0);
        counts.fill(0);
        for y in top..(top + factor).min(height) {
            let row = &samples[y * width * components..(y + 1) * width * components];
            for (x, pixel) in row.chunks_exact(components).enumerate() {
                counts[x / factor] += 1;
                for (c, &sample) in pixel.iter().enumerate() {
                    sums[x / factor * components + c] += u32::from(sample);
                }
            }
        }
        for (x, &count) in counts.iter().enumerate() {
            for c in 0..components {
                out.push(((sums[x * components + c] + count / 2) / count) as u8);
            }
        }
    }
    (out, w, h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduce_averages_blocks_and_keeps_partial_edges() {
        // 3 × 2 grey, factor 2: blocks [0, 10, 20, 30] and [40, 50] (the partial column)
        let samples = [0, 10, 40, 20, 30, 50];
        assert_eq!(reduce(&samples, 3, 2, 1, 2), (vec![15, 45], 2, 1));
        // one RGB pixel per block
        assert_eq!(reduce(&[10, 20, 30, 30, 40, 50], 2, 1, 3, 2), (vec![20, 30, 40], 1, 1));
    }

    #[test]
    fn a_600_dpi_letter_page_is_halved_and_one_bit_samples_become_grey() {
        assert_eq!(reduction(5100, 6600), 2);
        assert_eq!(reduction(7900, 7900), 2);
        assert_eq!(reduction(12_000, 12_000), 3);
        assert_eq!(bits_to_grey(&[0b1010_0000, 0b0100_0000], 3, 2), vec![255, 0, 255, 0, 255, 0]);
    }
}
