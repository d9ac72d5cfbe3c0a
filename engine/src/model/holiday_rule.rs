//! Reading a `HolidayRule` (`{"kind": …, fields of that kind}`).
//!
//! The object is read whole into the fields any kind may have, then the fields are
//! checked against the kind. The answers and the messages are serde's derive's for a
//! tagged enum (`missing field`, `unknown field … expected …`, `unknown variant`), with
//! two differences: a field no kind has is refused while the object is read, so its
//! message lists every field of every kind; and a field given as `null` reads as absent.

use super::deadlines::{ElectionYears, HolidayRule, WeekdayName};
use super::enums::variant_position;
use serde::de::Error;
use serde::{Deserialize, Deserializer};

#[derive(Clone, Copy)]
enum HolidayRuleKind {
    Fixed,
    NthWeekday,
    LastWeekday,
    ElectionDay,
}

impl<'de> Deserialize<'de> for HolidayRuleKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        const KINDS: [HolidayRuleKind; 4] = [
            HolidayRuleKind::Fixed,
            HolidayRuleKind::NthWeekday,
            HolidayRuleKind::LastWeekday,
            HolidayRuleKind::ElectionDay,
        ];
        const NAMES: &[&str] = &["fixed", "nth_weekday", "last_weekday", "election_day"];
        Ok(KINDS[variant_position(deserializer, "HolidayRule", NAMES)?])
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Fields {
    kind: HolidayRuleKind,
    month: Option<u32>,
    day: Option<u32>,
    weekday: Option<WeekdayName>,
    nth: Option<u32>,
    offset_days: Option<i32>,
    years: Option<ElectionYears>,
}

impl<'de> Deserialize<'de> for HolidayRule {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let fields = Fields::deserialize(deserializer)?;
        let allowed: &'static [&'static str] = match fields.kind {
            HolidayRuleKind::Fixed => &["month", "day"],
            HolidayRuleKind::NthWeekday => &["month", "weekday", "nth", "offset_days"],
            HolidayRuleKind::LastWeekday => &["month", "weekday"],
            HolidayRuleKind::ElectionDay => &["years"],
        };
        let given = [
            ("month", fields.month.is_some()),
            ("day", fields.day.is_some()),
            ("weekday", fields.weekday.is_some()),
            ("nth", fields.nth.is_some()),
            ("offset_days", fields.offset_days.is_some()),
            ("years", fields.years.is_some()),
        ];
        if let Some((name, _)) = given.iter().find(|(name, given)| *given && !allowed.contains(name)) {
            return Err(D::Error::unknown_field(name, allowed));
        }
        fn required<T, E: Error>(value: Option<T>, name: &'static str) -> Result<T, E> {
            value.ok_or_else(|| E::missing_field(name))
        }
        Ok(match fields.kind {
            HolidayRuleKind::Fixed => {
                HolidayRule::Fixed { month: required(fields.month, "month")?, day: required(fields.day, "day")? }
            }
            HolidayRuleKind::NthWeekday => HolidayRule::NthWeekday {
                month: required(fields.month, "month")?,
                weekday: required(fields.weekday, "weekday")?,
                nth: required(fields.nth, "nth")?,
                offset_days: fields.offset_days.unwrap_or(0),
            },
            HolidayRuleKind::LastWeekday => HolidayRule::LastWeekday {
                month: required(fields.month, "month")?,
                weekday: required(fields.weekday, "weekday")?,
            },
            HolidayRuleKind::ElectionDay => HolidayRule::ElectionDay { years: required(fields.years, "years")? },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// serde's derive, for comparison.
    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
    enum Derived {
        Fixed {
            month: u32,
            day: u32,
        },
        NthWeekday {
            month: u32,
            weekday: WeekdayName,
            nth: u32,
            #[serde(default)]
            offset_days: i32,
        },
        LastWeekday {
            month: u32,
            weekday: WeekdayName,
        },
        ElectionDay {
            years: ElectionYears,
        },
    }

    fn same(json: &str) -> (Result<String, String>, Result<String, String>) {
        let ours = serde_json::from_str::<HolidayRule>(json).map(|rule| format!("{rule:?}")).map_err(|e| e.to_string());
        let derived = serde_json::from_str::<Derived>(json).map(|rule| format!("{rule:?}")).map_err(|e| e.to_string());
        (ours, derived)
    }

    #[test]
    fn reads_every_kind_as_the_derive_does() {
        for json in [
            r#"{"kind": "fixed", "month": 7, "day": 4}"#,
            r#"{"month": 7, "day": 4, "kind": "fixed"}"#,
            r#"{"kind": "nth_weekday", "month": 11, "weekday": "thursday", "nth": 4, "offset_days": 1}"#,
            r#"{"kind": "nth_weekday", "month": 1, "weekday": "monday", "nth": 3}"#,
            r#"{"kind": "last_weekday", "month": 5, "weekday": "monday"}"#,
            r#"{"kind": "election_day", "years": "even"}"#,
        ] {
            let (ours, derived) = same(json);
            assert_eq!(ours, derived, "{json}");
            assert!(ours.is_ok(), "{json}");
        }
    }

    #[test]
    fn refuses_what_the_derive_refuses_with_its_messages() {
        for json in [
            r#"{"kind": "fixed", "month": 7}"#,
            r#"{"kind": "fixed", "month": 7, "day": 4, "weekday": "monday"}"#,
            r#"{"kind": "election_day", "years": "odd"}"#,
            r#"{"kind": "election_day"}"#,
            r#"{"kind": "last_weekday", "month": 5, "nth": 1, "weekday": "monday"}"#,
            r#"{"kind": "easter"}"#,
            r#"{"month": 7, "day": 4}"#,
        ] {
            let (ours, derived) = same(json);
            assert!(ours.is_err(), "{json}");
            let strip = |message: String| message.split(" at line ").next().unwrap_or_default().to_owned();
            assert_eq!(ours.map_err(strip), derived.map_err(strip), "{json}");
        }
        // A field of no kind: refused too, naming every field.
        let (ours, derived) = same(r#"{"kind": "fixed", "month": 7, "day": 4, "colour": "red"}"#);
        assert!(derived.is_err());
        assert!(ours.unwrap_err().starts_with("unknown field `colour`, expected one of `kind`, `month`"));
    }
}
