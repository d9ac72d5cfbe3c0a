//! The closed vocabularies of the service, spelled exactly as the spec writes them.

use serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, VariantAccess, Visitor};
use std::fmt;

/// Declares a string enum whose JSON spelling is given per variant, with the list of
/// allowed spellings (used in validation messages) and a parser.
///
/// `Deserialize` is written out rather than derived: every string enum reads its variant
/// through the one visitor below (`variant_position`), where serde's derive gives each
/// enum a visitor of its own — ~1.5 KB of WebAssembly apiece in the browser's module.
/// The same JSON is accepted and refused, with the same messages.
macro_rules! string_enum {
    ($(#[$meta:meta])* pub enum $name:ident { $($(#[$vmeta:meta])* $variant:ident => $text:tt),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
        #[cfg_attr(feature = "js", derive(tsify::Tsify))]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $text)] $variant),+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// Every JSON spelling, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($text),+];

            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            pub fn parse(text: &str) -> Option<Self> {
                match text { $($text => Some($name::$variant),)+ _ => None }
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let position = crate::model::enums::variant_position(deserializer, stringify!($name), Self::NAMES)?;
                Ok(Self::ALL[position])
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

/// For the other model files' vocabularies.
pub(crate) use string_enum;

/// Reads a string enum's variant (as serde's derive does: the spelling, or a map of the
/// spelling to `null`) and answers its position in `names`.
pub(crate) fn variant_position<'de, D: Deserializer<'de>>(
    deserializer: D,
    enum_name: &'static str,
    names: &'static [&'static str],
) -> Result<usize, D::Error> {
    deserializer.deserialize_enum(enum_name, names, VariantVisitor { enum_name, names })
}

struct VariantVisitor {
    enum_name: &'static str,
    names: &'static [&'static str],
}

impl<'de> Visitor<'de> for VariantVisitor {
    type Value = usize;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(formatter, "enum {}", self.enum_name)
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<usize, A::Error> {
        let (position, variant) = data.variant_seed(VariantName { names: self.names })?;
        variant.unit_variant()?;
        Ok(position)
    }
}

/// The variant's spelling (or, in formats that write it so, its index).
struct VariantName {
    names: &'static [&'static str],
}

impl<'de> DeserializeSeed<'de> for VariantName {
    type Value = usize;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<usize, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for VariantName {
    type Value = usize;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("variant identifier")
    }

    fn visit_u64<E: de::Error>(self, index: u64) -> Result<usize, E> {
        match usize::try_from(index) {
            Ok(position) if position < self.names.len() => Ok(position),
            _ => Err(E::invalid_value(
                de::Unexpected::Unsigned(index),
                &format!("variant index 0 <= i < {}", self.names.len()).as_str(),
            )),
        }
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<usize, E> {
        self.names.iter().position(|name| *name == text).ok_or_else(|| E::unknown_variant(text, self.names))
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<usize, E> {
        self.visit_str(&String::from_utf8_lossy(bytes))
    }
}

string_enum! {
    /// The kind of paper being filed (`document_scope`).
    pub enum DocumentScope {
        BriefSupport => "brief_support",
        BriefReply => "brief_reply",
        BriefOpposition => "brief_opposition",
        ReconsiderationSupport => "reconsideration_support",
        ReconsiderationReply => "reconsideration_reply",
        Letter => "letter",
        DiscoveryLetter => "discovery_letter",
        ProposedFindings => "proposed_findings",
        Affidavit => "affidavit",
        SettlementStatement => "settlement_statement",
        ObjectionResponse => "objection_response",
        Rule561Statement => "rule_56_1_statement",
    }
}

string_enum! {
    /// The motion a paper belongs to (`motion_type`).
    pub enum MotionType {
        Rule12 => "Rule_12",
        Rule56 => "Rule_56",
        Rule50 => "Rule_50",
        Rule59 => "Rule_59",
        Rule60 => "Rule_60",
        Daubert => "Daubert",
        Tro => "TRO",
        PreliminaryInjunction => "preliminary_injunction",
        Reconsideration => "reconsideration",
        Discovery => "discovery",
        MotionToAmend => "motion_to_amend",
        MotionInLimine => "motion_in_limine",
        General => "general",
    }
}

string_enum! {
    /// Which side of a motion the paper is filed for (`filing_role`).
    pub enum FilingRole {
        Movant => "movant",
        Opponent => "opponent",
        Reply => "reply",
    }
}

string_enum! {
    /// How much a rule matters; also the order results are listed in.
    pub enum Severity {
        Critical => "CRITICAL",
        Warning => "WARNING",
        Info => "INFO",
    }
}

string_enum! {
    /// The outcome of one check; also the first key of the result order.
    pub enum ResultStatus {
        Fail => "FAIL",
        ActionRequired => "ACTION_REQUIRED",
        Pass => "PASS",
    }
}

string_enum! {
    /// The overall verdict of a check (`summary.status`).
    pub enum ComplianceStatus {
        Compliant => "COMPLIANT",
        Review => "REVIEW",
        NonCompliant => "NON_COMPLIANT",
    }
}

string_enum! {
    /// What a rule is about. Results carry the category of the rule that produced them;
    /// the declaration order is the category order of results.
    pub enum Category {
        PageLimit => "PAGE_LIMIT",
        WordLimit => "WORD_LIMIT",
        Format => "FORMAT",
        Caption => "CAPTION",
        Signature => "SIGNATURE",
        Privacy => "PRIVACY",
        Structure => "STRUCTURE",
        Pmc => "PMC",
        FilingGate => "FILING_GATE",
        Bundling => "BUNDLING",
        CourtesyCopy => "COURTESY_COPY",
        /// Rules shown in the rules view that no check enforces (timing, service, procedure).
        Procedure => "PROCEDURE",
        /// What the answer did not cover: a judge whose individual practices are not
        /// encoded (never a profile rule's category; see `coverage`).
        Coverage => "COVERAGE",
    }
}

string_enum! {
    /// The three rule layers, in the order they apply; the JSON spelling is the group
    /// name of the `/rules` view.
    pub enum Layer {
        Frcp => "frcp",
        LocalRules => "local_rules",
        StandingOrder => "standing_order",
    }
}

string_enum! {
    /// Line spacing of the body text (`document.format.line_spacing`).
    pub enum LineSpacing {
        Single => "single",
        OneAndAHalf => "one_and_a_half",
        Double => "double",
    }
}

string_enum! {
    /// The type of a judge on the roster.
    pub enum JudgeType {
        District => "district",
        Magistrate => "magistrate",
        Senior => "senior",
    }
}

string_enum! {
    /// How much of a judge's rules the engine knows (`coverage_level`).
    pub enum CoverageLevel {
        /// The judge's standing-order rules are encoded, from the judge's own document.
        Full => "full",
        /// Only the national and local layers: the judge's individual practices are not encoded.
        District => "district",
        /// Fictional demonstration data.
        Sample => "sample",
        /// The standing-order layer is the caller's organisation's own.
        Organisation => "organisation",
    }
}

string_enum! {
    /// Statutes whose claims some rules exclude (`claims_under`, `except_claims_under`).
    pub enum ClaimStatute {
        AdministrativeProcedureAct => "administrative_procedure_act",
        FreedomOfInformationAct => "freedom_of_information_act",
    }
}

#[cfg(test)]
mod tests {
    use super::FilingRole;
    use serde::Deserialize;

    /// What serde's derive would make of `FilingRole`: the written-out `Deserialize` must
    /// accept and refuse the same JSON with the same messages.
    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Derived {
        Movant,
        Opponent,
        Reply,
    }

    #[test]
    fn string_enums_read_json_as_serdes_derive_does() {
        for json in [
            r#""reply""#,
            r#""movant""#,
            r#""Reply""#,
            r#""""#,
            "5",
            "-1",
            "1.5",
            "null",
            "true",
            "[]",
            r#"["reply"]"#,
            r#"{"opponent": null}"#,
            r#"{"opponent": 1}"#,
            r#"{"nobody": null}"#,
            r#"{}"#,
            r#""reply"#,
        ] {
            let ours = serde_json::from_str::<FilingRole>(json).map(|role| role.as_str()).map_err(|e| e.to_string());
            let derived = serde_json::from_str::<Derived>(json)
                .map(|role| match role {
                    Derived::Movant => "movant",
                    Derived::Opponent => "opponent",
                    Derived::Reply => "reply",
                })
                .map_err(|e| e.to_string());
            assert_eq!(ours, derived, "{json}");
            // The same through serde_json's Value (the rules query takes that road).
            if let Ok(value) = serde_json::from_str::<serde_json::Value>(json) {
                let ours = FilingRole::deserialize(&value).map(|role| role.as_str()).map_err(|e| e.to_string());
                let derived = Derived::deserialize(&value).map(|_| ()).map_err(|e| e.to_string());
                assert_eq!(ours.clone().map(|_| ()), derived, "{json} as a Value");
            }
        }
    }
}
