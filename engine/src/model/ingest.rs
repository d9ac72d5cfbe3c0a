//! Standing-order ingestion: a judge's individual-practices document in, proposed
//! standing-order rules out, each pointing at the sentence it came from.

use super::classification::Confidence;
use super::profile::Rule;
use serde::{Deserialize, Serialize};

/// What the extractor needs besides the document.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct IngestOptions {
    /// Where the document is published (http or https); every proposed rule cites it.
    pub source_url: String,
    /// The document's title, used in citations ("<title> § 2.A"); found in the document
    /// when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

impl IngestOptions {
    /// Every problem with the options, by field (empty when they are usable). The
    /// extractor refuses options with problems; the drafting app asks before reading.
    pub fn problems(&self) -> Vec<super::FieldError> {
        let mut details = Vec::new();
        if let Some(problem) = super::address_problem(&self.source_url) {
            details.push(super::FieldError::new("source_url", problem));
        } else if self.source_url.len() > 2_000 {
            details.push(super::FieldError::new("source_url", "must be at most 2000 bytes"));
        }
        if let Some(title) = &self.title
            && (title.trim().is_empty() || title.chars().count() > 300)
        {
            details.push(super::FieldError::new("title", "must be 1 to 300 characters"));
        }
        details
    }
}

/// The extractor's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Extraction {
    /// The title used in citations.
    pub title: String,
    /// The text of each page as the extractor read it; every `Passage` points into it.
    pub pages: Vec<String>,
    /// Proposed rules, in the order of the sentences they came from.
    pub proposals: Vec<ProposedRule>,
    /// Sentences that read as requirements but match no pattern: to be read by a person,
    /// never dropped silently.
    pub not_understood: Vec<Passage>,
    pub meta: ExtractionMeta,
    /// Things worth knowing about the reading (pages without text, a truncated input).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ProposedRule {
    /// A standing-order rule in the profile format, ready to accept as it is.
    pub rule: Rule,
    /// The sentence the rule came from.
    pub evidence: Passage,
    /// `high`: the sentence names the paper and the limit plainly; `medium`: part of
    /// it came from the section heading or a nearby sentence; `low`: a guess to review.
    pub confidence: Confidence,
    /// Which pattern matched and what it read, in words.
    pub reasoning: String,
}

/// A sentence of the document and where it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Passage {
    /// 1-based page number.
    pub page: u32,
    /// Span in `pages[page - 1]`, in characters (Unicode scalar values), end exclusive.
    pub start: u32,
    pub end: u32,
    /// The numbered section the sentence is in ("2.A", "II.B"), when the document
    /// numbers its sections.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// The sentence, with line breaks turned into spaces.
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ExtractionMeta {
    /// Sentences (and table rows) read.
    pub sentences: u32,
    /// Of those, the ones that read as requirements.
    pub rule_like: u32,
    /// The extractor's version: proposals from equal input and version are equal.
    pub extractor_version: String,
}
