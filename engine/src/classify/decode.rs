//! Stream filters with an output limit. lopdf decodes content streams without one, so
//! the engine inflates them itself and stops a decompression bomb at the limit instead
//! of after gigabytes.

use flate2::{Decompress, FlushDecompress, Status};

#[derive(Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// The output would pass the limit.
    TooLarge,
    /// The data is damaged (truncated or not what its filter says).
    Corrupt(&'static str),
    /// A filter the engine does not implement.
    Unsupported(String),
}

/// One entry of a stream's `/Filter` with its `/DecodeParms` predictor settings.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    pub name: Vec<u8>,
    pub predictor: Predictor,
}

#[derive(Clone, Copy, Debug)]
pub struct Predictor {
    pub predictor: i64,
    pub colors: i64,
    pub bits: i64,
    pub columns: i64,
}

impl Default for Predictor {
    fn default() -> Self {
        Predictor { predictor: 1, colors: 1, bits: 8, columns: 1 }
    }
}

/// Image encodings that are handed out as they are (the OCR tool decodes them).
pub fn is_image_codec(name: &[u8]) -> bool {
    matches!(name, b"DCTDecode" | b"DCT" | b"JPXDecode" | b"JBIG2Decode" | b"CCITTFaxDecode" | b"CCF")
}

/// Applies `filters` in order, never producing more than `limit` bytes. An image codec
/// is not applied: decoding stops before it and its name is returned with the data.
pub fn decode(data: &[u8], filters: &[Filter], limit: usize) -> Result<(Vec<u8>, Option<Vec<u8>>), DecodeError> {
    let mut current: Option<Vec<u8>> = None;
    for (index, filter) in filters.iter().enumerate() {
        let input = current.as_deref().unwrap_or(data);
        let name = filter.name.as_slice();
        if is_image_codec(name) {
            if index + 1 != filters.len() {
                return Err(DecodeError::Corrupt("an image codec is followed by another filter"));
            }
            return Ok((current.unwrap_or_else(|| data.to_vec()), Some(name.to_vec())));
        }
        let output = match name {
            b"FlateDecode" | b"Fl" => unpredict(inflate(input, limit)?, filter.predictor, limit)?,
            b"ASCIIHexDecode" | b"AHx" => ascii_hex(input, limit)?,
            b"ASCII85Decode" | b"A85" => ascii85(input, limit)?,
            b"RunLengthDecode" | b"RL" => run_length(input, limit)?,
            other => return Err(DecodeError::Unsupported(String::from_utf8_lossy(other).into_owned())),
        };
        current = Some(output);
    }
    if current.is_none() && data.len() > limit {
        return Err(DecodeError::TooLarge);
    }
    Ok((current.unwrap_or_else(|| data.to_vec()), None))
}

/// zlib or raw deflate. The zlib checksum is not required (many writers get it wrong),
/// but the deflate data must reach its final block: a cut-off stream is corrupt.
pub fn inflate(data: &[u8], limit: usize) -> Result<Vec<u8>, DecodeError> {
    let zlib_header =
        data.len() >= 2 && data[0] & 0x0F == 8 && (u16::from(data[0]) << 8 | u16::from(data[1])) % 31 == 0;
    let body = if zlib_header { &data[2..] } else { data };
    let mut inflater = Decompress::new(false);
    let mut out: Vec<u8> = Vec::with_capacity(body.len().saturating_mul(4).clamp(64, 1 << 20).min(limit + 1));
    loop {
        if out.len() > limit {
            return Err(DecodeError::TooLarge);
        }
        if out.capacity() == out.len() {
            let grow = out.len().clamp(64 << 10, 4 << 20).min(limit + 1 - out.len());
            out.reserve(grow.max(1));
        }
        let consumed = inflater.total_in() as usize;
        let before = out.len();
        let status = inflater
            .decompress_vec(&body[consumed.min(body.len())..], &mut out, FlushDecompress::None)
            .map_err(|_| DecodeError::Corrupt("the compressed data is damaged"))?;
        match status {
            Status::StreamEnd => break,
            Status::Ok | Status::BufError => {
                let progressed = out.len() > before || inflater.total_in() as usize > consumed;
                if !progressed && out.len() < out.capacity() {
                    return Err(DecodeError::Corrupt("the compressed data ends too early"));
                }
            }
        }
    }
    if out.len() > limit {
        return Err(DecodeError::TooLarge);
    }
    Ok(out)
}

/// Undoes a PNG (10–15) predictor; TIFF predictor 2 only for 8-bit samples.
fn unpredict(data: Vec<u8>, p: Predictor, limit: usize) -> Result<Vec<u8>, DecodeError> {
    if p.predictor <= 1 {
        return Ok(data);
    }
    let (colors, bits, columns) = (p.colors.clamp(1, 32), p.bits.clamp(1, 16), p.columns.clamp(1, 1 << 20));
    let bits_per_pixel = (colors * bits) as usize;
    let bpp = bits_per_pixel.div_ceil(8).max(1);
    let row_len = (columns as usize * bits_per_pixel).div_ceil(8);
    if row_len > limit {
        return Err(DecodeError::TooLarge);
    }

    if p.predictor == 2 {
        if bits != 8 {
            return Err(DecodeError::Unsupported(format!("TIFF predictor with {bits}-bit samples")));
        }
        let mut data = data;
        for row in data.chunks_mut(row_len) {
            for i in bpp..row.len() {
                row[i] = row[i].wrapping_add(row[i - bpp]);
            }
        }
        return Ok(data);
    }
    let mut out = Vec::with_capacity((data.len() / (row_len + 1) * row_len).min(limit));
    let mut previous = vec![0u8; row_len];
    for chunk in data.chunks(row_len + 1) {
        let (&kind, row) = chunk.split_first().ok_or(DecodeError::Corrupt("empty predictor row"))?;
        let mut current = row.to_vec();
        current.resize(row_len, 0);
        for i in 0..row_len {
            let left = if i >= bpp { current[i - bpp] } else { 0 };
            let up = previous[i];
            let up_left = if i >= bpp { previous[i - bpp] } else { 0 };
            current[i] = current[i].wrapping_add(match kind {
                0 => 0,
                1 => left,
                2 => up,
                3 => ((u16::from(left) + u16::from(up)) / 2) as u8,
                4 => paeth(left, up, up_left),
                _ => return Err(DecodeError::Corrupt("unknown PNG predictor row type")),
            });
        }
        out.extend_from_slice(&current);
        if out.len() > limit {
            return Err(DecodeError::TooLarge);
        }
        previous = current;
    }
    Ok(out)
}

fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let p = i16::from(a) + i16::from(b) - i16::from(c);
    let (pa, pb, pc) = ((p - i16::from(a)).abs(), (p - i16::from(b)).abs(), (p - i16::from(c)).abs());
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

fn ascii_hex(data: &[u8], limit: usize) -> Result<Vec<u8>, DecodeError> {
    let mut out = Vec::new();
    let mut high: Option<u8> = None;
    for &byte in data {
        let digit = match byte {
            b'0'..=b'9' => byte - b'0',
            b'a'..=b'f' => byte - b'a' + 10,
            b'A'..=b'F' => byte - b'A' + 10,
            b'>' => break,
            _ if byte.is_ascii_whitespace() => continue,
            _ => return Err(DecodeError::Corrupt("bad ASCIIHex digit")),
        };
        match high.take() {
            None => high = Some(digit),
            Some(h) => out.push(h << 4 | digit),
        }
        if out.len() > limit {
            return Err(DecodeError::TooLarge);
        }
    }
    if let Some(h) = high {
        out.push(h << 4);
    }
    Ok(out)
}

fn ascii85(data: &[u8], limit: usize) -> Result<Vec<u8>, DecodeError> {
    let mut out = Vec::new();
    let mut group = [0u32; 5];
    let mut n = 0;
    for &byte in data {
        match byte {
            b'~' => break,
            b'z' if n == 0 => out.extend_from_slice(&[0; 4]),
            b'!'..=b'u' => {
                group[n] = u32::from(byte - b'!');
                n += 1;
                if n == 5 {
                    let value = group.iter().fold(0u64, |acc, &d| acc * 85 + u64::from(d));
                    let value = u32::try_from(value).map_err(|_| DecodeError::Corrupt("bad ASCII85 group"))?;
                    out.extend_from_slice(&value.to_be_bytes());
                    n = 0;
                }
            }
            _ if byte.is_ascii_whitespace() => {}
            _ => return Err(DecodeError::Corrupt("bad ASCII85 character")),
        }
        if out.len() > limit {
            return Err(DecodeError::TooLarge);
        }
    }
    if n > 1 {
        for slot in group.iter_mut().skip(n) {
            *slot = 84;
        }
        let value = group.iter().fold(0u64, |acc, &d| acc * 85 + u64::from(d));
        let value = u32::try_from(value).map_err(|_| DecodeError::Corrupt("bad ASCII85 group"))?;
        out.extend_from_slice(&value.to_be_bytes()[..n - 1]);
    }
    Ok(out)
}

fn run_length(data: &[u8], limit: usize) -> Result<Vec<u8>, DecodeError> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < data.len() {
        let length = data[i];
        i += 1;
        match length {
            128 => break,
            0..=127 => {
                let end = (i + length as usize + 1).min(data.len());
                out.extend_from_slice(&data[i..end]);
                i = end;
            }
            _ => {
                if let Some(&byte) = data.get(i) {
                    out.extend(std::iter::repeat_n(byte, 257 - length as usize));
                }
                i += 1;
            }
        }
        if out.len() > limit {
            return Err(DecodeError::TooLarge);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn zlib(data: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(data).unwrap();
        encoder.finish().unwrap()
    }

    #[test]
    fn inflates_within_the_limit_and_stops_a_bomb() {
        let data = vec![b'a'; 100_000];
        assert_eq!(inflate(&zlib(&data), 200_000).unwrap(), data);
        assert_eq!(inflate(&zlib(&data), 50_000), Err(DecodeError::TooLarge));
    }

    #[test]
    fn a_cut_off_stream_is_corrupt_but_a_missing_checksum_is_not() {
        let data: Vec<u8> = (0..50_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let compressed = zlib(&data);
        assert!(matches!(inflate(&compressed[..compressed.len() / 2], 1 << 20), Err(DecodeError::Corrupt(_))));
        assert_eq!(inflate(&compressed[..compressed.len() - 4], 1 << 20).unwrap(), data);
    }

    #[test]
    fn ascii_filters() {
        assert_eq!(ascii_hex(b"48 65 6c6C6f>", 100).unwrap(), b"Hello");
        assert_eq!(ascii85(b"87cURD]i,\"Ebo80~>", 100).unwrap(), b"Hello World!");
        assert_eq!(run_length(&[2, b'a', b'b', b'c', 254, b'z', 128], 100).unwrap(), b"abczzz");
    }
}
