//! Duplicate keys in JSON text.
//!
//! JSON parsers disagree on `{"a": 1, "a": 2}`: serde's `Value` keeps the last, a typed
//! parse refuses it, other languages keep the first. A request whose meaning depends
//! on the parser is refused instead, naming each repeated key by its dotted path.

use crate::model::FieldError;
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::collections::HashSet;
use std::fmt;

/// Every key that appears more than once in its object, as a dotted path (array items
/// as `[i]`), in document order. Empty when there is none, and for text that is not
/// JSON (the parse that follows reports that).
pub fn duplicate_keys(json: &[u8]) -> Vec<FieldError> {
    let mut found = Vec::new();
    let mut deserializer = serde_json::Deserializer::from_slice(json);
    // Deep nesting is refused by serde_json's own recursion limit, as in every parse.
    let _ = Walk { path: String::new(), found: &mut found }.deserialize(&mut deserializer);
    found
}

/// One JSON value at `path`; records repeated keys of the objects it holds.
struct Walk<'a> {
    path: String,
    found: &'a mut Vec<FieldError>,
}

impl<'de> DeserializeSeed<'de> for Walk<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walk<'_> {
    type Value = ();

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<(), A::Error> {
        let mut index = 0usize;
        loop {
            let path = format!("{}[{index}]", self.path);
            if items.next_element_seed(Walk { path, found: &mut *self.found })?.is_none() {
                return Ok(());
            }
            index += 1;
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut entries: A) -> Result<(), A::Error> {
        let mut seen = HashSet::new();
        let mut reported = HashSet::new();
        while let Some(key) = entries.next_key::<String>()? {
            let path = if self.path.is_empty() { key.clone() } else { format!("{}.{key}", self.path) };
            if seen.contains(&key) {
                entries.next_value::<IgnoredAny>()?;
                if reported.insert(key) {
                    self.found.push(FieldError::new(path, "appears more than once; give each field once"));
                }
                continue;
            }
            entries.next_value_seed(Walk { path, found: &mut *self.found })?;
            seen.insert(key);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::duplicate_keys;

    fn paths(json: &str) -> Vec<String> {
        duplicate_keys(json.as_bytes()).into_iter().map(|error| error.path).collect()
    }

    #[test]
    fn names_each_repeated_key_once_by_its_path() {
        assert_eq!(
            paths(r#"{"district_id":"a","judge_slug":"b","district_id":"c","district_id":"d"}"#),
            ["district_id"]
        );
        assert_eq!(paths(r#"{"document":{"caption":{"present":true,"present":false}}}"#), ["document.caption.present"]);
        assert_eq!(paths(r#"{"a":[{"x":1},{"x":1,"x":2}]}"#), ["a[1].x"]);
    }

    #[test]
    fn escaped_spellings_of_one_key_are_the_same_key() {
        assert_eq!(paths(r#"{"ab":1,"\u0061b":2}"#), ["ab"]);
    }

    #[test]
    fn the_same_key_in_different_objects_is_fine() {
        assert!(paths(r#"{"a":{"x":1},"b":{"x":1},"x":[{"x":1},{"x":2}]}"#).is_empty());
        assert!(paths("not json").is_empty());
        assert!(paths("[1,2,3]").is_empty());
    }
}
