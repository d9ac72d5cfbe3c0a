//! The courts: the whole catalogue, one court, and a court's roster.

use super::{Caller, Error, Service, lookup};
use crate::store::courts::{Court, CourtStatus};
use courtrules_engine::model::{CoverageLevel, JudgeType};
use serde::Serialize;
use utoipa::ToSchema;

/// A court: the spec's Court resource.
#[derive(Serialize, ToSchema)]
pub struct CourtEntry {
    /// Unique. Federal codes are short (`edny`); state courts are
    /// `<two-letter state>-<hyphenated name>`.
    #[schema(example = "edny")]
    pub district_id: String,
    pub name: String,
    /// `1st` … `11th` or `D.C.`; null for state courts.
    pub circuit: Option<String>,
    /// USPS code of the state or territory; null for a court not tied to one.
    pub state: Option<String>,
    pub status: CourtStatus,
    /// Judges on the roster; present only when the court has judge data.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0)]
    pub judges_mapped: Option<u32>,
    /// Judges with standing-order profiles; present only for live courts with profiles.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0)]
    pub judges_profiled: Option<u32>,
}

impl From<&Court> for CourtEntry {
    fn from(court: &Court) -> Self {
        CourtEntry {
            district_id: court.district_id.clone(),
            name: court.name.clone(),
            circuit: court.circuit.clone(),
            state: court.state.clone(),
            status: court.status,
            judges_mapped: court.judges_mapped,
            judges_profiled: court.judges_profiled,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct CourtsResponse {
    pub courts: Vec<CourtEntry>,
    pub meta: CourtsMeta,
}

#[derive(Serialize, ToSchema)]
pub struct CourtsMeta {
    /// Courts in the catalogue.
    pub total_districts: u32,
    /// Courts with at least one judge mapped.
    pub districts_with_data: u32,
    /// Judges mapped, over all courts.
    pub total_judges_mapped: u32,
    /// The districts the caller's key may query (its plan).
    pub accessible_districts: Vec<String>,
}

/// Every court, by `district_id`, with the caller's accessible districts.
pub fn courts(service: &Service, caller: &Caller) -> CourtsResponse {
    courts_matching(service, caller, &CourtFilter::default())
}

/// The courts a filter admits, by `district_id`. `meta`'s counts are still the whole
/// catalogue's, as `GET /api/v1/courts` gives them (they describe the service, not the
/// list); its `accessible_districts` are those of the listed courts, so that a narrowed
/// list is small (a key of every court has ~1,000).
pub fn courts_matching(service: &Service, caller: &Caller, filter: &CourtFilter) -> CourtsResponse {
    let catalogue = service.catalogue();
    let mut meta = CourtsMeta {
        total_districts: catalogue.courts().count() as u32,
        districts_with_data: catalogue.courts().filter(|court| court.judges_mapped.is_some_and(|n| n > 0)).count()
            as u32,
        total_judges_mapped: catalogue.courts().filter_map(|court| court.judges_mapped).sum(),
        accessible_districts: caller.accessible_districts(&catalogue),
    };
    let courts: Vec<CourtEntry> =
        catalogue.courts().filter(|court| filter.admits(court)).map(CourtEntry::from).collect();
    if filter.narrows() {
        meta.accessible_districts.retain(|id| courts.iter().any(|court| &court.district_id == id));
    }
    CourtsResponse { courts, meta }
}

/// What a list of courts is narrowed to (the MCP tool's arguments: the whole catalogue
/// is ~180 KB, too much for an assistant's context). Every part is optional; a court must
/// pass each one given.
#[derive(Debug, Default)]
pub struct CourtFilter {
    /// Only courts whose filings can be checked now (`true`), or only the others (`false`).
    pub checkable: Option<bool>,
    pub status: Option<CourtStatus>,
    /// A state's or territory's USPS code, in capitals.
    pub state: Option<String>,
    /// Lower-case words, each found in the court's name or id.
    pub words: Vec<String>,
}

impl CourtFilter {
    /// Whether any part is given (the default admits every court).
    fn narrows(&self) -> bool {
        self.checkable.is_some() || self.status.is_some() || self.state.is_some() || !self.words.is_empty()
    }

    fn admits(&self, court: &Court) -> bool {
        self.checkable.is_none_or(|wanted| court.is_checkable() == wanted)
            && self.status.is_none_or(|status| court.status == status)
            && self.state.as_ref().is_none_or(|state| court.state.as_ref() == Some(state))
            && (self.words.is_empty() || {
                let name = court.name.to_lowercase();
                self.words.iter().all(|word| name.contains(word.as_str()) || court.district_id.contains(word.as_str()))
            })
    }
}

/// One court.
pub fn court(service: &Service, caller: &Caller, district_id: &str) -> Result<CourtEntry, Error> {
    let catalogue = service.catalogue();
    Ok(CourtEntry::from(lookup::court(service, &catalogue, caller, district_id)?))
}

#[derive(Serialize, ToSchema)]
pub struct JudgesResponse {
    pub district_id: String,
    pub judges: Vec<JudgeEntry>,
    pub meta: JudgesMeta,
}

#[derive(Serialize, ToSchema)]
pub struct JudgeEntry {
    /// Used as `judge_slug` elsewhere.
    pub slug: String,
    pub name: String,
    /// Whether judge-specific standing-order rules exist.
    pub has_profile: bool,
    /// `district` (active district judge), `senior` or `magistrate`.
    pub judge_type: Option<JudgeType>,
    /// The court's title for the judge, e.g. "Chief Judge".
    pub title: Option<String>,
    pub bio: Option<String>,
    pub chambers: Option<String>,
    /// The judge's page on the court's website.
    pub profile_url: Option<String>,
    /// `full`: the judge's standing-order rules are encoded; `district`: only the national
    /// and local layers apply (checks say so); `sample`: fictional demonstration data.
    pub coverage_level: CoverageLevel,
    /// True for fictional demonstration data: a judge of no court.
    pub sample: bool,
    /// Where the judge's membership and status were read (null for sample data).
    pub source: Option<String>,
    /// The date that source shows the judge in that status (YYYY-MM-DD).
    pub as_of: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct JudgesMeta {
    /// Real judges in the district (sample judges are not counted).
    pub total: u32,
    /// Real judges with standing-order profiles.
    pub profiled: u32,
    /// Sample judges listed (fictional demonstration data).
    pub sample: u32,
    /// The newest `as_of` of the roster, when it has dated entries.
    pub roster_as_of: Option<String>,
}

/// A district's judges, in roster order: the real roster, then any sample judges.
pub fn judges(service: &Service, caller: &Caller, district_id: &str) -> Result<JudgesResponse, Error> {
    let catalogue = service.catalogue();
    let court = lookup::court(service, &catalogue, caller, district_id)?;
    let judges: Vec<JudgeEntry> = catalogue
        .judges(&court.district_id)
        .iter()
        .map(|judge| JudgeEntry {
            slug: judge.slug.clone(),
            name: judge.name.clone(),
            has_profile: judge.has_profile,
            judge_type: judge.judge_type,
            title: judge.title.clone(),
            bio: judge.bio.clone(),
            chambers: judge.chambers.clone(),
            profile_url: judge.profile_url.clone(),
            coverage_level: judge.coverage_level(),
            sample: judge.sample,
            source: judge.source.clone(),
            as_of: judge.as_of.clone(),
        })
        .collect();
    let real = || judges.iter().filter(|judge| !judge.sample);
    let meta = JudgesMeta {
        total: real().count() as u32,
        profiled: real().filter(|judge| judge.has_profile).count() as u32,
        sample: judges.iter().filter(|judge| judge.sample).count() as u32,
        roster_as_of: real().filter_map(|judge| judge.as_of.clone()).max(),
    };
    Ok(JudgesResponse { district_id: court.district_id.clone(), judges, meta })
}
