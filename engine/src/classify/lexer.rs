//! A streaming tokenizer for content streams: operands are collected until an operator
//! arrives, so a stream of millions of operators never becomes millions of objects in
//! memory. Nesting and array sizes are bounded.

use super::limits::{MAX_ARRAY_LEN, MAX_OPERAND_NESTING, MAX_OPERANDS};

#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    Num(f64),
    Name(Vec<u8>),
    Str(Vec<u8>),
    Array(Vec<Operand>),
    /// Booleans, null, dictionaries, non-finite numbers: nothing the engine reads.
    Other,
}

pub struct Lexer<'a> {
    data: &'a [u8],
    pos: usize,
}

/// Content that cannot be tokenized within the limits.
#[derive(Debug)]
pub struct LexError(pub &'static str);

fn is_white(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' | b'\0')
}

fn is_delimiter(byte: u8) -> bool {
    matches!(byte, b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%')
}

impl<'a> Lexer<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Lexer { data, pos: 0 }
    }

    /// Reads operands into `operands` until the next operator, which it returns; `None`
    /// at the end of the data. Operands beyond `MAX_OPERANDS` are dropped.
    pub fn next_op(&mut self, operands: &mut Vec<Operand>) -> Result<Option<&'a [u8]>, LexError> {
        self.next_op_keeping(operands, MAX_OPERANDS)
    }

    /// `next_op` keeping up to `cap` operands (CMaps list hundreds before one keyword).
    pub fn next_op_keeping(&mut self, operands: &mut Vec<Operand>, cap: usize) -> Result<Option<&'a [u8]>, LexError> {
        operands.clear();
        loop {
            self.skip_space();
            let Some(&byte) = self.data.get(self.pos) else { return Ok(None) };
            if is_delimiter(byte) && byte != b'{' && byte != b'}' || byte == b']' {
                let operand = self.operand(0)?;
                if operands.len() < cap {
                    operands.push(operand);
                }
                continue;
            }
            if byte == b'{' || byte == b'}' {
                self.pos += 1;
                continue;
            }
            let word = self.word();
            if let Some(number) = number(word) {
                if operands.len() < cap {
                    operands.push(number);
                }
                continue;
            }
            match word {
                b"true" | b"false" | b"null" => {
                    if operands.len() < cap {
                        operands.push(Operand::Other);
                    }
                }
                b"BI" => {
                    self.skip_inline_image();
                    return Ok(Some(word));
                }
                _ => return Ok(Some(word)),
            }
        }
    }

    fn skip_space(&mut self) {
        while let Some(&byte) = self.data.get(self.pos) {
            if is_white(byte) {
                self.pos += 1;
            } else if byte == b'%' {
                while let Some(&b) = self.data.get(self.pos) {
                    if b == b'\n' || b == b'\r' {
                        break;
                    }
                    self.pos += 1;
                }
            } else {
                break;
            }
        }
    }

    fn word(&mut self) -> &'a [u8] {
        let start = self.pos;
        while let Some(&byte) = self.data.get(self.pos) {
            if is_white(byte) || is_delimiter(byte) {
                break;
            }
            self.pos += 1;
        }
        if self.pos == start {
            // a stray delimiter such as ')' or '>': consume it as a one-byte word
            self.pos += 1;
        }
        &self.data[start..self.pos.min(self.data.len())]
    }

    fn operand(&mut self, depth: usize) -> Result<Operand, LexError> {
        if depth > MAX_OPERAND_NESTING {
            return Err(LexError("content-stream operands are nested too deeply"));
        }
        self.skip_space();
        let Some(&byte) = self.data.get(self.pos) else { return Ok(Operand::Other) };
        match byte {
            b'(' => Ok(Operand::Str(self.literal_string())),
            b'<' if self.data.get(self.pos + 1) == Some(&b'<') => {
                self.pos += 2;
                self.skip_dictionary(depth)?;
                Ok(Operand::Other)
            }
            b'<' => Ok(Operand::Str(self.hex_string())),
            b'/' => {
                self.pos += 1;
                let start = self.pos;
                while let Some(&b) = self.data.get(self.pos) {
                    if is_white(b) || is_delimiter(b) {
                        break;
                    }
                    self.pos += 1;
                }
                Ok(Operand::Name(self.data[start..self.pos].to_vec()))
            }
            b'[' => {
                self.pos += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_space();
                    match self.data.get(self.pos) {
                        None => break,
                        Some(b']') => {
                            self.pos += 1;
                            break;
                        }
                        Some(&b) if is_delimiter(b) && b != b'{' && b != b'}' => {
                            let item = self.operand(depth + 1)?;
                            if items.len() < MAX_ARRAY_LEN {
                                items.push(item);
                            }
                        }
                        Some(_) => {
                            let word = self.word();
                            let item = number(word).unwrap_or(Operand::Other);
                            if items.len() < MAX_ARRAY_LEN {
                                items.push(item);
                            }
                        }
                    }
                }
                Ok(Operand::Array(items))
            }
            _ => {
                self.pos += 1;
                Ok(Operand::Other)
            }
        }
    }

    fn skip_dictionary(&mut self, depth: usize) -> Result<(), LexError> {
        loop {
            self.skip_space();
            match self.data.get(self.pos) {
                None => return Ok(()),
                Some(b'>') => {
                    self.pos += 1;
                    if self.data.get(self.pos) == Some(&b'>') {
                        self.pos += 1;
                    }
                    return Ok(());
                }
                Some(&b) if is_delimiter(b) && b != b'{' && b != b'}' => {
                    self.operand(depth + 1)?;
                }
                Some(_) => {
                    self.word();
                }
            }
        }
    }

    fn literal_string(&mut self) -> Vec<u8> {
        self.pos += 1;
        let mut out = Vec::new();
        let mut depth = 1usize;
        while let Some(&byte) = self.data.get(self.pos) {
            self.pos += 1;
            match byte {
                b'(' => {
                    depth += 1;
                    out.push(byte);
                }
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                    out.push(byte);
                }
                b'\\' => {
                    let Some(&next) = self.data.get(self.pos) else { break };
                    self.pos += 1;
                    match next {
                        b'n' => out.push(b'\n'),
                        b'r' => out.push(b'\r'),
                        b't' => out.push(b'\t'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'0'..=b'7' => {
                            let mut value = u32::from(next - b'0');
                            for _ in 0..2 {
                                match self.data.get(self.pos) {
                                    Some(&d @ b'0'..=b'7') => {
                                        value = value * 8 + u32::from(d - b'0');
                                        self.pos += 1;
                                    }
                                    _ => break,
                                }
                            }
                            out.push(value as u8);
                        }
                        b'\r' => {
                            if self.data.get(self.pos) == Some(&b'\n') {
                                self.pos += 1;
                            }
                        }
                        b'\n' => {}
                        other => out.push(other),
                    }
                }
                _ => out.push(byte),
            }
        }
        out
    }

    fn hex_string(&mut self) -> Vec<u8> {
        self.pos += 1;
        let mut out = Vec::new();
        let mut high: Option<u8> = None;
        while let Some(&byte) = self.data.get(self.pos) {
            self.pos += 1;
            let digit = match byte {
                b'>' => break,
                b'0'..=b'9' => byte - b'0',
                b'a'..=b'f' => byte - b'a' + 10,
                b'A'..=b'F' => byte - b'A' + 10,
                _ => continue,
            };
            match high.take() {
                None => high = Some(digit),
                Some(h) => out.push(h << 4 | digit),
            }
        }
        if let Some(h) = high {
            out.push(h << 4);
        }
        out
    }

    /// Skips an inline image: its parameters up to `ID`, then the data up to `EI`.
    fn skip_inline_image(&mut self) {
        let data = self.data;
        while self.pos < data.len() {
            self.skip_space();
            if data[self.pos..].starts_with(b"ID") && data.get(self.pos + 2).is_none_or(|&b| is_white(b)) {
                self.pos += 3;
                break;
            }
            let Some(&byte) = data.get(self.pos) else { return };
            if is_delimiter(byte) && byte != b'{' && byte != b'}' {
                let _ = self.operand(0);
            } else {
                self.word();
            }
        }
        while self.pos + 2 <= data.len() {
            if &data[self.pos..self.pos + 2] == b"EI"
                && self.pos > 0
                && is_white(data[self.pos - 1])
                && data.get(self.pos + 2).is_none_or(|&b| is_white(b))
            {
                self.pos += 2;
                return;
            }
            self.pos += 1;
        }
        self.pos = data.len();
    }
}

/// A PDF number (`12`, `-3.5`, `.5`, `4.`); anything else, or a non-finite value, is not.
fn number(word: &[u8]) -> Option<Operand> {
    let first = *word.first()?;
    if !(first.is_ascii_digit() || matches!(first, b'+' | b'-' | b'.')) {
        return None;
    }
    if word.len() > 64 {
        return Some(Operand::Other);
    }
    let text = std::str::from_utf8(word).ok()?;
    let parsed: f64 = match text.parse() {
        Ok(value) => value,
        // "--5" or "1.2.3": PDF readers read what they can; the engine reads nothing
        Err(_) => return Some(Operand::Other),
    };
    Some(if parsed.is_finite() { Operand::Num(parsed) } else { Operand::Other })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops(data: &[u8]) -> Vec<(String, Vec<Operand>)> {
        let mut lexer = Lexer::new(data);
        let mut operands = Vec::new();
        let mut out = Vec::new();
        while let Some(op) = lexer.next_op(&mut operands).unwrap() {
            out.push((String::from_utf8_lossy(op).into_owned(), operands.clone()));
        }
        out
    }

    #[test]
    fn reads_text_operators() {
        let got = ops(b"BT /F1 12 Tf 1 0 0 1 72 700 Tm (Hello \\(world\\)) Tj [(A) -250 (B)] TJ ET");
        assert_eq!(got[1], ("Tf".into(), vec![Operand::Name(b"F1".to_vec()), Operand::Num(12.0)]));
        assert_eq!(got[3].1, vec![Operand::Str(b"Hello (world)".to_vec())]);
        assert_eq!(
            got[4].1,
            vec![Operand::Array(vec![Operand::Str(b"A".to_vec()), Operand::Num(-250.0), Operand::Str(b"B".to_vec())])]
        );
    }

    #[test]
    fn skips_inline_images_and_odd_numbers() {
        let got = ops(b"BI /W 2 /H 2 ID \x00\xffEI\x01 EI Q 1e99999 nan Tf");
        let names: Vec<&str> = got.iter().map(|(op, _)| op.as_str()).collect();
        assert_eq!(names, ["BI", "Q", "nan", "Tf"]);
        assert_eq!(got[2].1, vec![Operand::Other]);
    }

    #[test]
    fn deep_nesting_is_an_error() {
        let mut data = vec![b'['; 100];
        data.extend_from_slice(b" TJ");
        let mut operands = Vec::new();
        assert!(Lexer::new(&data).next_op(&mut operands).is_err());
    }
}
