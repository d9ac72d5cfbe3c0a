//! How many problems an answer lists.
//!
//! A hostile body can hold a problem per byte (80,000 unknown keys in a megabyte); the
//! answer lists the first `MAX_LISTED` and says how many more there were, so its size
//! stays bounded while its summary still gives the true count.

use super::ROOT_PATH;
use crate::model::FieldError;

/// Problems listed in one answer.
pub const MAX_LISTED: usize = 50;

const PREFIX: &str = "… and ";
const SUFFIXES: [&str; 2] = [" more problems not listed", " more problem not listed"];

/// `details` cut to `MAX_LISTED`, plus one entry (path `""`) saying how many more there
/// were. A list already cut is returned as it is.
pub fn limit(mut details: Vec<FieldError>) -> Vec<FieldError> {
    if details.len() <= MAX_LISTED || count(&details) > details.len() {
        return details;
    }
    let more = details.len() - MAX_LISTED;
    details.truncate(MAX_LISTED);
    let suffix = if more == 1 { SUFFIXES[1] } else { SUFFIXES[0] };
    details.push(FieldError::new(ROOT_PATH, format!("{PREFIX}{more}{suffix}")));
    details
}

/// How many problems `details` stands for: its length, or, for a list `limit` cut,
/// the number before the cut.
pub fn count(details: &[FieldError]) -> usize {
    let more = details.last().filter(|last| last.path == ROOT_PATH).and_then(|last| {
        let rest = last.message.strip_prefix(PREFIX)?;
        SUFFIXES.iter().find_map(|suffix| rest.strip_suffix(suffix))?.parse::<usize>().ok()
    });
    match more {
        Some(more) => details.len() - 1 + more,
        None => details.len(),
    }
}

/// "the request is invalid (3 problems)", with "the first 50 listed" when cut.
pub fn summary(what: &str, details: &[FieldError]) -> String {
    let total = count(details);
    let noun = if total == 1 { "problem" } else { "problems" };
    if total > details.len() {
        format!("{what} ({total} {noun}; the first {MAX_LISTED} are listed)")
    } else {
        format!("{what} ({total} {noun})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(n: usize) -> Vec<FieldError> {
        (0..n).map(|i| FieldError::new(format!("field_{i}"), "unknown field")).collect()
    }

    #[test]
    fn short_lists_are_kept_whole() {
        assert_eq!(limit(problems(50)), problems(50));
        assert_eq!(summary("the request is invalid", &problems(1)), "the request is invalid (1 problem)");
        assert_eq!(summary("the request is invalid", &problems(2)), "the request is invalid (2 problems)");
    }

    #[test]
    fn long_lists_are_cut_and_still_counted() {
        let cut = limit(problems(80_000));
        assert_eq!(cut.len(), MAX_LISTED + 1);
        assert_eq!(cut.last().unwrap().message, "… and 79950 more problems not listed");
        assert_eq!(count(&cut), 80_000);
        assert_eq!(
            summary("the request is invalid", &cut),
            "the request is invalid (80000 problems; the first 50 are listed)"
        );
        let one_more = limit(problems(51));
        assert_eq!(one_more.last().unwrap().message, "… and 1 more problem not listed");
        assert_eq!(count(&one_more), 51);
        assert_eq!(limit(cut.clone()), cut, "cutting twice changes nothing");
    }
}
