//! Words and numbers of a sentence, for the patterns: lower-cased tokens with typographic
//! quotes and dashes made plain, clause breaks remembered, numbers read whether written
//! as digits, words, both ("ten (10)") or fused with their unit ("25-page", "12-point").

/// A word of a sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// Lower case, surrounding punctuation removed; inner hyphens, points and brackets
    /// kept ("12-point", "56.1", "12(b)(6)").
    pub word: String,
    /// A comma, semicolon, colon or full stop follows: the clause may end here.
    pub clause_end: bool,
}

pub fn tokens(sentence: &str) -> Vec<Token> {
    let mut out = Vec::new();
    for raw in sentence.split_whitespace() {
        let plain: String = raw
            .chars()
            .map(|c| match c {
                '\u{2018}' | '\u{2019}' => '\'',
                '\u{201C}' | '\u{201D}' => '"',
                '\u{2010}' | '\u{2011}' | '\u{2013}' | '\u{2014}' => '-',
                c => c,
            })
            .collect::<String>()
            .to_lowercase();
        let clause_end = plain.ends_with([',', ';', ':', '.']) && !plain.ends_with("...");
        // '1"' (inches) keeps its mark.
        let core = plain.trim_end_matches([',', ';', ':', '.']);
        if let Some(number) = core.strip_suffix('"')
            && !number.is_empty()
            && number.chars().all(|c| c.is_ascii_digit() || c == '.')
        {
            out.push(Token { word: core.to_string(), clause_end });
            continue;
        }
        let word = plain
            .trim_matches(|c: char| matches!(c, ',' | ';' | ':' | '.' | '"' | '\'' | '[' | ']' | '!' | '?' | '*'))
            .trim_start_matches('(')
            .to_string();
        // "(10)" keeps its brackets off; "12(b)(6)" keeps them inside.
        let word =
            if word.ends_with(')') && !word.contains('(') { word.trim_end_matches(')').to_string() } else { word };
        if word.is_empty() || word.chars().all(|c| c == '.' || c == '-') {
            if let Some(last) = out.last_mut() {
                let last: &mut Token = last;
                last.clause_end |= clause_end;
            }
            continue;
        }
        out.push(Token { word, clause_end });
    }
    out
}

/// The unit a number counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Pages,
    Words,
    Points,
    Inches,
}

/// A number with its unit: "25 pages", "twenty-five (25) pages", "8,750 words",
/// "12-point", "one-inch".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quantity {
    pub value: f64,
    pub unit: Unit,
    /// Tokens `[first, last]` the quantity spans.
    pub first: usize,
    pub last: usize,
}

const ONES: &[&str] = &[
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];
const TENS: &[&str] = &["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

fn small_number(word: &str) -> Option<f64> {
    if let Some(n) = ONES.iter().position(|w| *w == word) {
        return Some(n as f64);
    }
    if let Some(n) = TENS.iter().position(|w| !w.is_empty() && *w == word) {
        return Some((n * 10) as f64);
    }
    let (tens, ones) = word.split_once('-')?;
    let tens = TENS.iter().position(|w| !w.is_empty() && *w == tens)?;
    let ones = ONES.iter().position(|w| *w == ones).filter(|n| (1..10).contains(n))?;
    Some((tens * 10 + ones) as f64)
}

fn digits(word: &str) -> Option<f64> {
    let plain: String = word.chars().filter(|c| *c != ',').collect();
    if plain.is_empty() || !plain.chars().next().is_some_and(|c| c.is_ascii_digit()) || plain.len() > 9 {
        return None;
    }
    if plain.chars().all(|c| c.is_ascii_digit() || c == '.') && plain.matches('.').count() <= 1 {
        return plain.parse().ok();
    }
    None
}

fn unit_of(word: &str) -> Option<Unit> {
    Some(match word {
        "page" | "pages" | "pp" => Unit::Pages,
        "word" | "words" => Unit::Words,
        "point" | "points" | "pt" | "pts" | "-point" => Unit::Points,
        "inch" | "inches" | "in" | "\"" => Unit::Inches,
        _ => return None,
    })
}

/// Words that may stand between a number and its unit ("25 double-spaced pages",
/// "12 point", "ten (10) typed pages").
const BETWEEN: &[&str] = &["double-spaced", "double", "spaced", "typed", "typewritten", "text", "total", "full"];

/// Reads a number at token `i`: its value and the index of its last token.
fn number_at(tokens: &[Token], i: usize) -> Option<(f64, usize)> {
    let word = tokens[i].word.as_str();
    let mut value = digits(word).or_else(|| small_number(word))?;
    let mut last = i;
    // "twenty five", "one hundred", "one thousand five hundred"
    if small_number(word).is_some() {
        while let Some(next) = tokens.get(last + 1) {
            match next.word.as_str() {
                "hundred" => value *= 100.0,
                "thousand" => value *= 1000.0,
                w => match small_number(w) {
                    Some(n) if n < 10.0 && value >= 20.0 && value % 10.0 == 0.0 && value < 100.0 => value += n,
                    Some(n) if value >= 100.0 && value % 100.0 == 0.0 => value += n,
                    _ => break,
                },
            }
            last += 1;
        }
    }
    // "ten (10)": the figure repeats the words
    if let Some(next) = tokens.get(last + 1)
        && digits(&next.word) == Some(value)
    {
        last += 1;
    }
    Some((value, last))
}

/// Every quantity in the sentence, in order.
pub fn quantities(tokens: &[Token]) -> Vec<Quantity> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        // "25-page", "12-point", "one-inch", "twenty-five-page"
        if let Some((number, unit)) = tokens[i].word.rsplit_once('-')
            && let Some(unit) = unit_of(unit)
            && let Some(value) = digits(number).or_else(|| small_number(number))
        {
            out.push(Quantity { value, unit, first: i, last: i });
            i += 1;
            continue;
        }
        // '1"' margins
        if let Some(number) = tokens[i].word.strip_suffix('"')
            && let Some(value) = digits(number)
        {
            out.push(Quantity { value, unit: Unit::Inches, first: i, last: i });
            i += 1;
            continue;
        }
        let Some((value, mut last)) = number_at(tokens, i) else {
            i += 1;
            continue;
        };
        let mut j = last + 1;
        while tokens.get(j).is_some_and(|t| BETWEEN.contains(&t.word.as_str())) {
            j += 1;
        }
        if let Some(unit) = tokens.get(j).and_then(|t| unit_of(&t.word)) {
            last = j;
            out.push(Quantity { value, unit, first: i, last });
        }
        i = last + 1;
    }
    out
}

/// Whether `phrase` (words separated by spaces) occurs in `tokens[from..to]`; a word of
/// the phrase ending in `*` matches any word starting with the rest.
pub fn find(tokens: &[Token], from: usize, to: usize, phrase: &str) -> Option<usize> {
    let words: Vec<&str> = phrase.split(' ').collect();
    let to = to.min(tokens.len());
    if words.is_empty() || to < from + words.len() {
        return None;
    }
    (from..=to - words.len()).find(|&at| words.iter().enumerate().all(|(k, w)| word_matches(&tokens[at + k].word, w)))
}

pub fn has(tokens: &[Token], phrase: &str) -> bool {
    find(tokens, 0, tokens.len(), phrase).is_some()
}

pub fn has_any(tokens: &[Token], phrases: &[&str]) -> bool {
    phrases.iter().any(|p| has(tokens, p))
}

/// Where the first occurrence of one of `phrases` lies that is outside every occurrence
/// of `unless`: "be double-spaced" counts, but not inside "need not be double-spaced";
/// "exempt" counts, but not inside "not exempt".
pub fn find_outside(tokens: &[Token], phrases: &[&str], unless: &[&str]) -> Option<usize> {
    let covered = |at: usize| {
        unless.iter().any(|u| {
            let length = u.split(' ').count();
            let mut from = at.saturating_sub(length - 1);
            while let Some(s) = find(tokens, from, tokens.len(), u) {
                if s > at {
                    return false;
                }
                if s + length > at {
                    return true;
                }
                from = s + 1;
            }
            false
        })
    };
    phrases
        .iter()
        .filter_map(|p| {
            let mut from = 0;
            while let Some(at) = find(tokens, from, tokens.len(), p) {
                if !covered(at) {
                    return Some(at);
                }
                from = at + 1;
            }
            None
        })
        .min()
}

pub fn has_any_outside(tokens: &[Token], phrases: &[&str], unless: &[&str]) -> bool {
    find_outside(tokens, phrases, unless).is_some()
}

fn word_matches(word: &str, pattern: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => word.starts_with(prefix),
        None => word == pattern,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(text: &str) -> Vec<(f64, Unit)> {
        quantities(&tokens(text)).into_iter().map(|q| (q.value, q.unit)).collect()
    }

    #[test]
    fn numbers_in_every_spelling() {
        assert_eq!(q("may not exceed 25 pages"), [(25.0, Unit::Pages)]);
        assert_eq!(q("limited to twenty-five (25) pages"), [(25.0, Unit::Pages)]);
        assert_eq!(q("no more than twenty five double-spaced pages"), [(25.0, Unit::Pages)]);
        assert_eq!(q("8,750 words"), [(8750.0, Unit::Words)]);
        assert_eq!(q("a 12-point font and one-inch margins"), [(12.0, Unit::Points), (1.0, Unit::Inches)]);
        assert_eq!(q("one hundred pages"), [(100.0, Unit::Pages)]);
        assert_eq!(q("a ten-page letter"), [(10.0, Unit::Pages)]);
        assert_eq!(q("within 14 days of service"), []);
        assert_eq!(q("size 12 point type, 1\" margins"), [(12.0, Unit::Points), (1.0, Unit::Inches)]);
    }

    #[test]
    fn phrases_match_whole_words_and_prefixes() {
        let t = tokens("Memoranda of Law in support shall not exceed");
        assert_eq!(find(&t, 0, t.len(), "memorand*"), Some(0));
        assert_eq!(find(&t, 0, t.len(), "shall not exceed"), Some(5));
        assert!(!has(&t, "law support"));
        assert!(t[2].word == "law");
    }

    #[test]
    fn phrases_inside_a_negation_do_not_count() {
        let t = tokens("Papers need not be double-spaced.");
        assert!(!has_any_outside(&t, &["be double*"], &["need not be double*"]));
        let t = tokens("Letters need not be tabbed, but memoranda must be double-spaced.");
        assert!(has_any_outside(&t, &["be double*"], &["need not be double*"]));
        let t = tokens("Pro se parties are not exempt; parties in default are exempt.");
        assert!(has_any_outside(&t, &["exempt*"], &["not exempt*"]));
        assert!(!has_any_outside(&tokens("They are not exempt."), &["exempt*"], &["not exempt*"]));
    }
}
