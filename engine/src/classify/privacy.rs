//! Fed. R. Civ. P. 5.2 redaction problems in the text: full Social Security or taxpayer
//! numbers, full birth dates, full financial account numbers and minors' full names.
//! Each looks for the number's shape next to the words that say what it is, so docket
//! numbers, phone numbers and citations do not count.

use super::text::{digit_runs, find_full_date};
use crate::model::Privacy;

/// `text` is the normalized (upper-case) text of every page, caption to certificates.
pub fn scan(text: &str) -> Privacy {
    Privacy {
        contains_full_ssn: full_ssn(text),
        contains_full_dob: full_birth_date(text),
        contains_minor_full_name: minor_full_name(text),
        contains_full_financial_account: full_account(text),
    }
}

fn context_before(text: &str, at: usize, span: usize) -> &str {
    let mut start = at.saturating_sub(span);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    &text[start..at]
}

fn full_ssn(text: &str) -> bool {
    digit_runs(text).iter().any(|(start, end, run)| {
        let before = context_before(text, *start, 60);
        let shape: String = run.chars().map(|c| if c.is_ascii_digit() { 'd' } else { c }).collect();
        let touching = text[..*start].chars().last().is_some_and(|c| c.is_alphanumeric())
            || text[*end..].chars().next().is_some_and(|c| c.is_alphanumeric());
        if touching {
            return false;
        }
        let ssn_words = ["SOCIAL SECURITY", "SSN", "S.S.N", "TAXPAYER IDENTIFICATION", "TIN ", "EIN", "ITIN"];
        match shape.as_str() {
            "ddd-dd-dddd" => true,
            "ddddddddd" | "ddd dd dddd" => ssn_words.iter().any(|w| before.contains(w)),
            "dd-ddddddd" => ["EMPLOYER IDENTIFICATION", "EIN", "TAXPAYER IDENTIFICATION", "TAX ID", "TIN "]
                .iter()
                .any(|w| before.contains(w)),
            _ => false,
        }
    })
}

fn full_birth_date(text: &str) -> bool {
    const CUES: [&str; 5] = ["BORN ON", "BORN", "DATE OF BIRTH", "DOB", "BIRTH DATE"];
    CUES.iter().any(|cue| {
        let mut from = 0;
        while let Some(pos) = text[from..].find(cue) {
            let at = from + pos + cue.len();
            let mut end = (at + 40).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let window = &text[at..end];
            if find_full_date(window).is_some_and(|offset| offset <= 8) {
                return true;
            }
            from = at;
        }
        false
    })
}

fn full_account(text: &str) -> bool {
    const CUES: [&str; 7] = ["ACCOUNT", "ACCT", "CARD NUMBER", "CARD NO", "ROUTING", "IBAN", "CREDIT CARD"];
    digit_runs(text).iter().any(|(start, _, run)| {
        let digits = run.chars().filter(char::is_ascii_digit).count();
        if !(8..=19).contains(&digits) || run.contains('.') {
            return false;
        }
        let before = context_before(text, *start, 40);
        let masked = before.ends_with("ENDING IN ") || before.ends_with("X") || before.ends_with("*");
        !masked && CUES.iter().any(|c| before.contains(c))
    })
}

/// "Jane Roe, a minor", "minor child Jane Roe", "Jane Roe, age 12", "12-year-old Jane Roe".
fn minor_full_name(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let is_name_word = |w: &str| {
        let w = w.trim_matches(|c: char| c == ',' || c == '.' || c == ';' || c == '(' || c == ')');
        w.len() >= 2 && w.chars().all(|c| c.is_alphabetic() || c == '-' || c == '\'') && !STOP.contains(&w)
    };
    for i in 0..words.len() {
        let w = words[i].trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
        // NAME NAME, A MINOR / NAME NAME, AN INFANT / NAME NAME, AGE 12
        if i >= 2 && (w == "A" || w == "AN" || w == "AGE") {
            let next = words.get(i + 1).map(|n| n.trim_matches(|c: char| !c.is_alphanumeric())).unwrap_or("");
            let minor = (w == "A" || w == "AN") && matches!(next, "MINOR" | "INFANT" | "CHILD")
                || w == "AGE" && next.parse::<u32>().is_ok_and(|age| age < 18);
            if minor && words[i - 1].ends_with(',') && is_name_word(words[i - 1]) && is_name_word(words[i - 2]) {
                return true;
            }
        }
        // MINOR CHILD NAME NAME / MINOR NAME NAME / N-YEAR-OLD NAME NAME
        let lead = w == "MINOR"
            || w.ends_with("-YEAR-OLD")
                && w.split('-').next().and_then(|n| n.parse::<u32>().ok()).is_some_and(|a| a < 18);
        if lead {
            let mut k = i + 1;
            if words.get(k).is_some_and(|n| matches!(n.trim_matches(','), "CHILD" | "SON" | "DAUGHTER" | "PLAINTIFF")) {
                k += 1;
            }
            if let (Some(a), Some(b)) = (words.get(k), words.get(k + 1))
                && is_name_word(a)
                && is_name_word(b)
                && !a.ends_with(',')
            {
                return true;
            }
        }
    }
    false
}

/// Words that follow "minor" but are not names.
const STOP: [&str; 24] = [
    "THE",
    "A",
    "AN",
    "AND",
    "OR",
    "OF",
    "IS",
    "WAS",
    "WHO",
    "CHILD",
    "CHILDREN",
    "CHILD'S",
    "PLAINTIFF",
    "DEFENDANT",
    "AT",
    "IN",
    "TO",
    "HIS",
    "HER",
    "THEIR",
    "THAT",
    "WHEN",
    "BY",
    "WITH",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_fixture_snippets() {
        let p = scan(
            "HER SOCIAL SECURITY NUMBER AS 123-45-6789 AND RECORDS THAT SHE WAS BORN ON MARCH 3, 1990, DESCRIBES ACCOUNT NUMBER 3301847729, IN A",
        );
        assert!(p.contains_full_ssn && p.contains_full_dob && p.contains_full_financial_account);
        assert!(!p.contains_minor_full_name);
    }

    #[test]
    fn ignores_redacted_and_unrelated_numbers() {
        let p = scan(
            "CASE NO. 1:23-CV-05678, TEL. (212) 555-0163, ACCOUNT ENDING IN 7729, XXX-XX-6789, BORN IN 1990, 477 U.S. 242 (1986)",
        );
        assert_eq!(p, Privacy::default());
    }

    #[test]
    fn minors() {
        assert!(scan("PLAINTIFF JANE ROE, A MINOR, BY HER MOTHER").contains_minor_full_name);
        assert!(scan("HER MINOR CHILD EMILY STONE ATTENDED").contains_minor_full_name);
        assert!(!scan("J.R., A MINOR, BY HER MOTHER").contains_minor_full_name);
    }
}
