//! An organisation's own standing-order layers: a judge's document read by the engine
//! into proposed rules (a draft), reviewed, and accepted as a version of the
//! organisation's layer for that judge. The version in force takes the place of the
//! judge's published standing order in that organisation's checks, rules and
//! profiles — and in nobody else's.
//!
//! Every lookup is by the caller's organisation: another organisation's draft or layer
//! is "not found", exactly like one that does not exist. And every one is within the
//! caller's plan, as for `/check` and `/courts`: a district the key may not query
//! answers 403 (with the structured body), an unknown one 404, before any layer is
//! looked at; a draft in a district outside the plan is refused the same way; the list
//! of layers holds only the plan's districts.

use super::lookup;
use super::{Caller, Error, Service};
use crate::sandbox::{Due, Op};
use crate::store::catalogue::CompiledProfile;
use crate::store::db::{Db, Watched};
use crate::store::layers::{self, Decided, Draft, LayerVersion, NewDraft, NewVersion};
use courtrules_engine::EngineError;
use courtrules_engine::model::{FieldError, IngestOptions, Profile, Rule, StandingOrder};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use utoipa::ToSchema;

/// Longest text document accepted, through the API (`text`) or the command line (a
/// practices document is tens of pages).
pub const MAX_TEXT_BYTES: usize = 2 * 1024 * 1024;

/// A document to read into a draft.
pub struct DraftInput {
    pub district_id: String,
    pub judge_slug: String,
    /// A PDF's bytes, or UTF-8 text.
    pub document: Vec<u8>,
    /// The document was sent as a PDF: bytes that are not one are refused, not read as text.
    pub is_pdf: bool,
    pub filename: Option<String>,
    pub source_url: Option<String>,
    pub title: Option<String>,
}

/// A version to accept: the rules as reviewed (edited, or left out where rejected).
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VersionInput {
    /// The order's title, used in citations.
    #[schema(min_length = 1, max_length = 300, pattern = "\\S")]
    pub title: String,
    /// Where the judge publishes the document (http or https).
    #[schema(max_length = 2000, pattern = "^https?://")]
    pub source_url: String,
    /// Date the order took effect (YYYY-MM-DD), when known.
    #[serde(default)]
    pub effective_date: Option<String>,
    /// The latest date the document was confirmed in force (YYYY-MM-DD).
    #[serde(default)]
    pub as_of: Option<String>,
    /// The draft the rules were reviewed from; it is marked accepted.
    #[serde(default)]
    pub draft_id: Option<String>,
    /// The rules, in the profile format (`docs/profile-format.md`).
    pub rules: Vec<Rule>,
}

fn organisation(caller: &Caller) -> Result<&str, Error> {
    caller.organisation_id.as_deref().ok_or_else(|| {
        Error::invalid(vec![FieldError::new("organisation", "private layers belong to an organisation; name one")])
    })
}

/// The court a layer or draft is in, by the id the request names: known (404
/// `UnknownDistrict` otherwise) and in the caller's plan (403 `DistrictNotAccessible`)
/// — exactly what `/check` and `/courts/{id}` answer. Layers and drafts are stored
/// under the court's own id (a renamed court's former id finds them too).
fn district(service: &Service, caller: &Caller, district_id: &str) -> Result<String, Error> {
    let catalogue = service.catalogue();
    Ok(lookup::court(service, &catalogue, caller, district_id)?.district_id.clone())
}

/// A stored draft may be read or decided only by a key whose plan includes its
/// district (403 otherwise, as for the district itself). A district the catalogue no
/// longer knows is checked against the plan by its id alone; outside it, the draft is
/// "not found".
fn draft_in_plan(service: &Service, caller: &Caller, draft: &Draft) -> Result<(), Error> {
    let catalogue = service.catalogue();
    if catalogue.court(&draft.district_id).is_some() {
        lookup::court(service, &catalogue, caller, &draft.district_id)?;
    } else if !caller.plan.allows(&draft.district_id) {
        return Err(draft_missing(&draft.id));
    }
    Ok(())
}

/// District (known, in the plan), judge (on the roster) and the district's compliance
/// profile, which the layer plugs into; with the court's own id.
fn route<'c>(
    service: &Service,
    catalogue: &'c crate::store::catalogue::Catalogue,
    caller: &Caller,
    district_id: &str,
    judge_slug: &str,
) -> Result<(&'c CompiledProfile, Option<String>, String), Error> {
    let court = lookup::court(service, catalogue, caller, district_id)?;
    let judge = lookup::judge(catalogue, court, judge_slug)?;
    let profile = lookup::profile(catalogue, court)?;
    if judge_slug == courtrules_engine::model::COURT_JUDGE_SLUG {
        return Err(Error::invalid(vec![FieldError::new(
            "judge_slug",
            "a standing-order layer is for one judge of the roster, not the court-wide rules",
        )]));
    }
    let Some(in_profile) = profile.profile.judges.iter().find(|judge| judge.slug == judge_slug) else {
        return Err(Error::JudgeNotFound {
            district_id: district_id.to_owned(),
            judge_slug: judge_slug.to_owned(),
            did_you_mean: None,
        });
    };
    let in_profile = Some(in_profile);
    let profile_url =
        judge.and_then(|j| j.profile_url.clone()).or_else(|| in_profile.and_then(|j| j.profile_url.clone()));
    Ok((profile, profile_url, court.district_id.clone()))
}

/// Reads a judge's document into a draft: the engine proposes rules, and the draft is
/// kept for review.
pub async fn propose(service: &Service, caller: &Caller, input: DraftInput) -> Result<Draft, Error> {
    let organisation_id = organisation(caller)?.to_owned();
    let (extraction, sha, district_id) = read(service, caller, &input).await?;
    Ok(layers::create_draft(
        &service.db,
        NewDraft {
            organisation_id: &organisation_id,
            district_id: &district_id,
            judge_slug: &input.judge_slug,
            filename: input.filename.as_deref(),
            source_sha256: &sha,
            extraction_json: &extraction,
            created_by: &caller.key_id,
        },
    )
    .await?)
}

/// The same reading, kept nowhere (the command line without an organisation).
pub async fn read_only(service: &Service, caller: &Caller, input: DraftInput) -> Result<Draft, Error> {
    let (extraction, sha, district_id) = read(service, caller, &input).await?;
    Ok(Draft {
        id: String::new(),
        district_id,
        judge_slug: input.judge_slug,
        status: layers::DraftStatus::Proposed,
        filename: input.filename,
        source_sha256: sha,
        created_by: caller.key_id.clone(),
        created_at: crate::keys::now(),
        decided_by: None,
        decided_at: None,
        extraction: serde_json::from_slice(&extraction).map_err(|error| Error::Internal(error.into()))?,
    })
}

/// The engine's reading of the document (`Extraction` JSON), the document's SHA-256 and
/// the court's own id.
async fn read(service: &Service, caller: &Caller, input: &DraftInput) -> Result<(Vec<u8>, String, String), Error> {
    let catalogue = service.catalogue();
    let (_, profile_url, district_id) = route(service, &catalogue, caller, &input.district_id, &input.judge_slug)?;
    let Some(source_url) = input.source_url.clone().or(profile_url) else {
        return Err(Error::invalid(vec![FieldError::new(
            "source_url",
            "is required: the court's roster has no page for this judge, so say where the document is published",
        )]));
    };
    if input.is_pdf && !input.document.starts_with(b"%PDF") {
        return Err(Error::UnreadablePdf(
            "the document sent as pdf_base64 is not a PDF (it does not start with %PDF)".into(),
        ));
    }
    let options = IngestOptions { source_url, title: input.title.clone() };
    let options = serde_json::to_vec(&options).map_err(|error| Error::Internal(error.into()))?;
    let document: Arc<[u8]> = Arc::from(input.document.as_slice());
    let extraction = service
        .sandbox
        .call(Op::ExtractStandingOrder { options, document: Arc::clone(&document) }, Due::Request)
        .await?
        .map_err(|error| match error {
            EngineError::InvalidInput { message } if input.is_pdf => Error::UnreadablePdf(message),
            EngineError::InvalidInput { message } => Error::UnreadableText(message),
            other => Error::from_engine(other),
        })?;
    Ok((extraction, crate::hex::encode(&Sha256::digest(&document)), district_id))
}

pub async fn draft(service: &Service, caller: &Caller, id: &str) -> Result<Draft, Error> {
    let organisation_id = organisation(caller)?;
    let draft = layers::draft(&service.db, organisation_id, id).await?.ok_or_else(|| draft_missing(id))?;
    draft_in_plan(service, caller, &draft)?;
    Ok(draft)
}

pub async fn reject(service: &Service, caller: &Caller, id: &str) -> Result<Draft, Error> {
    let organisation_id = organisation(caller)?;
    // The draft's district decides whether this key may decide on it (a draft's
    // district never changes, so reading it first is enough).
    let draft = layers::draft(&service.db, organisation_id, id).await?.ok_or_else(|| draft_missing(id))?;
    draft_in_plan(service, caller, &draft)?;
    match layers::reject_draft(&service.db, organisation_id, id, &caller.key_id).await? {
        Decided::Done(draft) => Ok(draft),
        Decided::Missing => Err(draft_missing(id)),
        Decided::Conflict(why) => Err(Error::LayerConflict(why)),
    }
}

fn draft_missing(id: &str) -> Error {
    Error::LayerNotFound(format!("no standing-order draft `{id}` in your organisation"))
}

fn layer_missing(district_id: &str, judge_slug: &str) -> Error {
    Error::LayerNotFound(format!("your organisation has no standing-order layer for {district_id}/{judge_slug}"))
}

/// Accepts a new version of the organisation's layer for a judge: the order is checked
/// by the engine exactly as a profile's standing order is, then stored as the version in
/// force. `accepted_by` is the key (or, from the command line, the person).
pub async fn accept(
    service: &Service,
    caller: &Caller,
    district_id: &str,
    judge_slug: &str,
    input: VersionInput,
    accepted_by: &str,
) -> Result<LayerVersion, Error> {
    let organisation_id = organisation(caller)?.to_owned();
    let catalogue = service.catalogue();
    let (compiled, _, district_id) = route(service, &catalogue, caller, district_id, judge_slug)?;
    let district_id = district_id.as_str();
    // A layer with no rules would set the judge's published order aside and leave
    // nothing in its place: every check against it would pass. That is never what
    // reading an empty or unreadable document should do; going back to the published
    // order is `withdraw`.
    if input.rules.is_empty() {
        return Err(Error::invalid(vec![FieldError::new(
            "rules",
            "is empty: a layer with no rules would set the judge's standing order aside and check nothing in its \
             place; accept at least one rule, or withdraw the layer to go back to the published order",
        )]));
    }
    let order = StandingOrder {
        title: input.title,
        source_url: input.source_url,
        effective_date: input.effective_date,
        as_of: input.as_of,
        sample: false,
        organisation: None,
        rules: input.rules,
    };
    // The engine's own profile checks, on the district's profile with this order in
    // place: what is accepted is what a check can run.
    let profile = with_order(compiled, judge_slug, Some(order.clone()));
    let bytes: Arc<[u8]> = Arc::from(serde_json::to_vec(&profile).map_err(|error| Error::Internal(error.into()))?);
    let prefix = "judges[0].standing_order";
    match service.sandbox.call(Op::ValidateProfile { profile: bytes }, Due::Request).await? {
        Ok(_) => {}
        Err(EngineError::InvalidProfile { details }) => {
            let details = details
                .into_iter()
                .map(|detail| {
                    let path = detail.path.strip_prefix(prefix).unwrap_or(&detail.path);
                    FieldError::new(path.trim_start_matches('.'), detail.message)
                })
                .collect();
            return Err(Error::invalid(details));
        }
        Err(other) => return Err(Error::from_engine(other)),
    }
    let stored = layers::add_version(
        &service.db,
        NewVersion {
            organisation_id: &organisation_id,
            district_id,
            judge_slug,
            standing_order: Some(order),
            draft_id: input.draft_id.as_deref(),
            accepted_by,
        },
    )
    .await?;
    match stored {
        Decided::Done(version) => {
            service.layers.clear();
            Ok(version)
        }
        Decided::Missing => Err(draft_missing(input.draft_id.as_deref().unwrap_or_default())),
        Decided::Conflict(why) => Err(Error::LayerConflict(why)),
    }
}

/// Withdraws the layer: a new version with no order, so the judge's published standing
/// order (if any) applies again. The versions before it are kept.
pub async fn withdraw(
    service: &Service,
    caller: &Caller,
    district_id: &str,
    judge_slug: &str,
) -> Result<LayerVersion, Error> {
    let organisation_id = organisation(caller)?.to_owned();
    let district_id = &district(service, caller, district_id)?;
    // (Whether a layer is in force is decided inside the transaction that withdraws it.)
    let new = NewVersion {
        organisation_id: &organisation_id,
        district_id,
        judge_slug,
        standing_order: None,
        draft_id: None,
        accepted_by: &caller.key_id,
    };
    match layers::add_version(&service.db, new).await? {
        Decided::Done(version) => {
            service.layers.clear();
            Ok(version)
        }
        _ => Err(layer_missing(district_id, judge_slug)),
    }
}

/// The organisation's layers as they stand (the latest version of each) in the districts
/// of the caller's plan, or in one district (which must be known and in the plan).
pub async fn list(service: &Service, caller: &Caller, district_id: Option<&str>) -> Result<Vec<LayerVersion>, Error> {
    let organisation_id = organisation(caller)?;
    let district_id = district_id.map(|district_id| district(service, caller, district_id)).transpose()?;
    let mut latest = layers::latest(&service.db, organisation_id).await?;
    match district_id {
        Some(district_id) => latest.retain(|version| version.district_id == district_id),
        None => latest.retain(|version| caller.plan.allows(&version.district_id)),
    }
    Ok(latest)
}

pub async fn versions(
    service: &Service,
    caller: &Caller,
    district_id: &str,
    judge_slug: &str,
) -> Result<Vec<LayerVersion>, Error> {
    let organisation_id = organisation(caller)?;
    let district_id = &district(service, caller, district_id)?;
    let versions = layers::versions(&service.db, organisation_id, district_id, judge_slug).await?;
    if versions.is_empty() {
        return Err(layer_missing(district_id, judge_slug));
    }
    Ok(versions)
}

pub async fn version(
    service: &Service,
    caller: &Caller,
    district_id: &str,
    judge_slug: &str,
    version: u32,
) -> Result<LayerVersion, Error> {
    let organisation_id = organisation(caller)?;
    let district_id = &district(service, caller, district_id)?;
    layers::version(&service.db, organisation_id, district_id, judge_slug, version).await?.ok_or_else(|| {
        Error::LayerNotFound(format!(
            "your organisation's layer for {district_id}/{judge_slug} has no version {version}"
        ))
    })
}

/// The caller's organisation's layer in force for a judge, as the district's profile
/// trimmed to that judge with the organisation's order in place; `None` when the caller
/// has no organisation or no layer for the judge (the published profile applies).
pub async fn own_profile(
    service: &Service,
    caller: &Caller,
    compiled: &CompiledProfile,
    district_id: &str,
    judge_slug: &str,
) -> Result<Option<Profile>, Error> {
    Ok(own_layer(service, caller, compiled, district_id, judge_slug).await?.map(|own| own.profile.clone()))
}

/// The same, as the bytes the engine reads.
pub async fn own_profile_bytes(
    service: &Service,
    caller: &Caller,
    compiled: &CompiledProfile,
    district_id: &str,
    judge_slug: &str,
) -> Result<Option<Arc<[u8]>>, Error> {
    Ok(own_layer(service, caller, compiled, district_id, judge_slug).await?.map(|own| Arc::clone(&own.bytes)))
}

async fn own_layer(
    service: &Service,
    caller: &Caller,
    compiled: &CompiledProfile,
    district_id: &str,
    judge_slug: &str,
) -> Result<Option<Arc<OwnLayer>>, Error> {
    let Some(organisation_id) = caller.organisation_id.as_deref() else { return Ok(None) };
    let key = (organisation_id.to_owned(), district_id.to_owned(), judge_slug.to_owned());
    let generation = match service.layers.get(&key, &compiled.bytes) {
        Ok(cached) => return Ok(cached),
        Err(generation) => generation,
    };
    let own = match layers::active(&service.db, organisation_id, district_id, judge_slug).await? {
        Some(active) if compiled.profile.judges.iter().any(|judge| judge.slug == judge_slug) => {
            let profile = with_order(compiled, judge_slug, active.standing_order);
            let bytes = serde_json::to_vec(&profile).map_err(|error| Error::Internal(error.into()))?;
            Some(Arc::new(OwnLayer { profile, bytes: Arc::from(bytes) }))
        }
        _ => None,
    };
    service.layers.put(key, &compiled.bytes, own.clone(), generation);
    Ok(own)
}

/// An organisation's layer in force for a judge: the one-judge profile the engine reads.
pub struct OwnLayer {
    profile: Profile,
    bytes: Arc<[u8]>,
}

type LayerKey = (String, String, String);

/// Each organisation's layer in force per judge, remembered — also when there is none,
/// as for most callers — so a check or a rules request asks the database nothing and
/// serializes no profile. Entries name the district profile they were built on, so a
/// reloaded catalogue misses them. Dropped at once after this server's own writes and,
/// for other processes' writes (another replica, `courtrules ingest --accept`), when
/// `data_versions.layers` changes (`refresh`, polled with the keys).
#[derive(Default)]
pub struct LayerCache {
    inner: RwLock<CachedLayers>,
}

#[derive(Default)]
struct CachedLayers {
    /// `data_versions.layers` when last refreshed.
    version: i64,
    /// Counts the times the entries were dropped: an answer read from the database
    /// before a drop may be stale and is not kept.
    generation: u64,
    entries: HashMap<LayerKey, Entry>,
}

struct Entry {
    /// The district profile (its bytes) the layer was built on.
    built_on: Arc<[u8]>,
    own: Option<Arc<OwnLayer>>,
}

/// Entries kept at most; past this the cache starts again (organisations × judges).
const MAX_LAYER_ENTRIES: usize = 10_000;

impl LayerCache {
    /// The remembered layer, or the generation to hand to `put` after a lookup.
    fn get(&self, key: &LayerKey, base: &Arc<[u8]>) -> Result<Option<Arc<OwnLayer>>, u64> {
        let inner = self.inner.read().expect("layer cache lock");
        match inner.entries.get(key) {
            Some(entry) if Arc::ptr_eq(&entry.built_on, base) => Ok(entry.own.clone()),
            _ => Err(inner.generation),
        }
    }

    fn put(&self, key: LayerKey, base: &Arc<[u8]>, own: Option<Arc<OwnLayer>>, generation: u64) {
        let mut inner = self.inner.write().expect("layer cache lock");
        if inner.generation != generation {
            return;
        }
        if inner.entries.len() >= MAX_LAYER_ENTRIES {
            inner.entries.clear();
        }
        inner.entries.insert(key, Entry { built_on: Arc::clone(base), own });
    }

    /// Drops every entry (after this server changed a layer).
    pub fn clear(&self) {
        let mut inner = self.inner.write().expect("layer cache lock");
        inner.generation += 1;
        inner.entries.clear();
    }

    /// Drops every entry if a layer changed since the last refresh.
    pub async fn refresh(&self, db: &Db) -> anyhow::Result<()> {
        let version = db.version(Watched::Layers).await?;
        let mut inner = self.inner.write().expect("layer cache lock");
        if inner.version != version {
            inner.version = version;
            inner.generation += 1;
            inner.entries.clear();
        }
        Ok(())
    }
}

/// The profile trimmed to one judge, with that judge's standing order replaced.
fn with_order(compiled: &CompiledProfile, judge_slug: &str, order: Option<StandingOrder>) -> Profile {
    let mut profile = compiled.one_judge(judge_slug);
    if let Some(judge) = profile.judges.first_mut() {
        judge.standing_order = order;
    }
    profile
}
