//! Small text tests shared by the structure, flag and type detectors. Hand-written
//! scanners instead of regular expressions keep the wasm module small.

/// Upper case with typographic quotes and dashes made plain and spaces collapsed.
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        let ch = match ch {
            '\u{2018}' | '\u{2019}' | '\u{2032}' => '\'',
            '\u{201C}' | '\u{201D}' => '"',
            '\u{2013}' | '\u{2014}' | '\u{2212}' => '-',
            '\u{A0}' | '\t' => ' ',
            c => c,
        };
        if ch == ' ' && (out.is_empty() || out.ends_with(' ')) {
            continue;
        }
        out.extend(ch.to_uppercase());
    }
    out.trim_end().to_string()
}

/// A running page number: `3`, `- 3 -`, `iv`, `Page 3`, `Page 3 of 29`.
pub fn is_page_number(text: &str) -> bool {
    let t = normalize(text);
    let t = t.trim_matches(|c: char| c == '-' || c == ' ');
    let t = t.strip_prefix("PAGE ").unwrap_or(t);
    let first = t.split(" OF ").next().unwrap_or(t);
    let digits = |s: &str| !s.is_empty() && s.len() <= 5 && s.chars().all(|c| c.is_ascii_digit());
    let roman = |s: &str| !s.is_empty() && s.len() <= 7 && s.chars().all(|c| "IVXLCDM".contains(c));
    match t.split_once(" OF ") {
        Some((a, b)) => digits(a) && digits(b),
        None => digits(first) || roman(first),
    }
}

/// Digits replaced by `#`, for spotting text repeated on every page with a changing number.
pub fn digit_shape(text: &str) -> String {
    let mut out = String::new();
    for ch in normalize(text).chars() {
        if ch.is_ascii_digit() {
            if !out.ends_with('#') {
                out.push('#');
            }
        } else {
            out.push(ch);
        }
    }
    out
}

/// The CM/ECF stamp courts put at the top of filed documents.
pub fn is_ecf_stamp(text: &str) -> bool {
    let t = normalize(text);
    t.starts_with("CASE ") && t.contains("DOCUMENT") && t.contains("FILED")
}

/// Template placeholders: `[PLAINTIFF]`, `[Insert argument here.]`, `____`.
pub fn placeholder_count(text: &str) -> usize {
    let mut count = text.matches("___").count();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let Some(close) = after.find(']') else { break };
        let inner = &after[..close];
        let starts_upper = inner.chars().next().is_some_and(|c| c.is_uppercase());
        if starts_upper && inner.len() >= 3 && inner.len() <= 60 && !inner.chars().any(|c| c.is_ascii_digit()) {
            count += 1;
        }
        rest = &after[close..];
    }
    count
}

/// A docket or index number with real digits: `1:23-cv-05678`, `23-cv-1234`,
/// `No. 512345/2024`, `Index No. 512345/2024`.
pub fn has_docket_number(text: &str) -> bool {
    let t = normalize(text);
    let bytes = t.as_bytes();
    // d:dd-xx-ddd or dd-xx-ddd
    for (i, window) in bytes.windows(4).enumerate() {
        if window[0].is_ascii_digit()
            && window[1] == b'-'
            && window[2].is_ascii_alphabetic()
            && window[3].is_ascii_alphabetic()
        {
            let rest = &bytes[i + 4..];
            let rest = rest.strip_prefix(b"-").unwrap_or(rest);
            if rest.first().is_some_and(u8::is_ascii_digit) {
                return true;
            }
        }
    }
    for marker in ["NO.", "NUMBER", "NO:"] {
        let mut from = 0;
        while let Some(pos) = t[from..].find(marker) {
            let after = t[from + pos + marker.len()..].trim_start();
            let digits = after.chars().take_while(|c| c.is_ascii_digit()).count();
            if digits >= 3 {
                return true;
            }
            from += pos + marker.len();
        }
    }
    false
}

const MONTHS: [&str; 12] = [
    "JANUARY",
    "FEBRUARY",
    "MARCH",
    "APRIL",
    "MAY",
    "JUNE",
    "JULY",
    "AUGUST",
    "SEPTEMBER",
    "OCTOBER",
    "NOVEMBER",
    "DECEMBER",
];

/// The byte offset of the first full date (day, month and four-digit year) in the
/// normalized text.
pub fn find_full_date(text: &str) -> Option<usize> {
    let t = normalize(text);
    let words: Vec<(usize, &str)> = word_offsets(&t);
    for (k, (offset, word)) in words.iter().enumerate() {
        let clean = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '/');
        let is_month = |w: &str| {
            let w = w.trim_end_matches('.');
            MONTHS.iter().any(|m| *m == w || (w.len() >= 3 && m.starts_with(w) && w.len() <= 4))
        };
        let day = |w: &str| {
            let d: String = w.chars().take_while(|c| c.is_ascii_digit()).collect();
            !d.is_empty() && d.len() <= 2 && d.parse::<u32>().is_ok_and(|d| (1..=31).contains(&d))
        };
        let year = |w: &str| {
            let d: String = w.chars().filter(|c| c.is_ascii_digit()).collect();
            d.len() == 4 && (d.starts_with("19") || d.starts_with("20"))
        };
        if is_month(clean)
            && let (Some((_, d)), Some((_, y))) = (words.get(k + 1), words.get(k + 2))
            && day(d)
            && year(y)
        {
            return Some(*offset);
        }
        if day(clean)
            && let (Some((_, m)), Some((_, y))) = (words.get(k + 1), words.get(k + 2))
            && is_month(m.trim_matches(|c: char| !c.is_alphanumeric()))
            && year(y)
        {
            return Some(*offset);
        }
        let parts: Vec<&str> = clean.split('/').collect();
        if parts.len() == 3
            && parts[0].len() <= 2
            && parts[1].len() <= 2
            && parts[2].len() == 4
            && parts.iter().all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
        {
            return Some(*offset);
        }
    }
    None
}

/// Whitespace-separated words with their byte offsets.
pub fn word_offsets(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices() {
        if ch.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

/// Runs of digits (separators `-`, ` `, `.` allowed inside) with their offsets and the
/// count of digits in each.
pub fn digit_runs(text: &str) -> Vec<(usize, usize, String)> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].1.is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = chars[i].0;
        let mut digits = String::new();
        let mut j = i;
        while j < chars.len() {
            let c = chars[j].1;
            let separator = matches!(c, '-' | ' ' | '.') && chars.get(j + 1).is_some_and(|n| n.1.is_ascii_digit());
            if c.is_ascii_digit() || separator {
                digits.push(c);
                j += 1;
            } else {
                break;
            }
        }
        let end = chars.get(j).map_or(text.len(), |c| c.0);
        out.push((start, end, digits));
        i = j.max(i + 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_numbers() {
        for yes in ["3", "- 12 -", "iv", "Page 3", "Page 3 of 29", "xii"] {
            assert!(is_page_number(yes), "{yes}");
        }
        for no in ["12.", "Case No. 3", "I. ARGUMENT", "3 U.S.C."] {
            assert!(!is_page_number(no), "{no}");
        }
    }

    #[test]
    fn dates_and_dockets() {
        assert!(find_full_date("born on March 3, 1990, and").is_some());
        assert!(find_full_date("on 03/04/2024").is_some());
        assert!(find_full_date("in March 2024").is_none());
        assert!(has_docket_number("Case No. 1:23-cv-05678 (KLR) (MAP)"));
        assert!(has_docket_number("Index No. 512345/2024"));
        assert!(!has_docket_number("Case No. ____-cv-_____ (___) (___)"));
    }

    #[test]
    fn placeholders() {
        assert_eq!(placeholder_count("[PLAINTIFF], Plaintiff, [t]he court [Insert argument here.] ____"), 3);
    }
}
