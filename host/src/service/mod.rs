//! The use cases: what the service answers, as plain async functions over the shared
//! state (`Service`), each returning its domain result or an `Error`. The HTTP API
//! (`http`), the command line (`cli`) and any other front end are thin adapters over
//! these functions: they read their input, call one function, and present the answer.
//!
//! ```text
//! request → adapter (http/…, cli/…) → service/… → sandbox (wasm engine) / store (database, catalogue)
//! ```
//!
//! One module per use case; `lookup` holds the lookups they share (district, judge,
//! profile, in the order their errors outrank each other).

pub mod check;
pub mod classify;
pub mod courts;
pub mod deadlines;
pub mod documents;
pub mod error;
pub mod extracted;
pub mod holidays;
pub mod layers;
pub mod lookup;
pub mod profile;
pub mod rules;

pub use error::Error;

use crate::classifier::Classifier;
use crate::keys::Plan;
use crate::sandbox::Sandbox;
use crate::store::catalogue::{Catalogue, Live};
use crate::store::db::Db;
use crate::uploads::Uploads;
use std::sync::Arc;

/// The state every use case runs over. Cheap to clone.
#[derive(Clone)]
pub struct Service(Arc<Parts>);

pub struct Parts {
    pub db: Db,
    pub sandbox: Arc<Sandbox>,
    /// The courts, rosters and profiles, swapped whole when the data changes.
    pub catalogue: Arc<Live>,
    /// The classify pipeline (the engine's document calls and text recognition);
    /// `None` where nothing is classified (the CLI's `check`).
    pub classifier: Option<Arc<Classifier>>,
    /// Where classified PDFs are kept; `None` offline (the CLI keeps nothing).
    pub uploads: Option<Arc<Uploads>>,
    /// Where to ask for access to more districts (named in "not accessible" errors).
    pub contact: String,
    /// The engine module's version (recorded with each upload).
    pub engine_version: String,
    /// Organisations' standing-order layers in force, remembered per judge.
    pub layers: layers::LayerCache,
}

impl std::ops::Deref for Service {
    type Target = Parts;
    fn deref(&self) -> &Parts {
        &self.0
    }
}

impl Service {
    pub fn new(parts: Parts) -> Service {
        Service(Arc::new(parts))
    }

    /// The catalogue as it is now (one snapshot per request).
    pub fn catalogue(&self) -> Arc<Catalogue> {
        self.catalogue.get()
    }
}

/// Who is asking: the districts they may query, and the key to record.
#[derive(Clone, Debug)]
pub struct Caller {
    pub key_id: String,
    pub plan: Plan,
    /// The organisation whose private layers apply; `None` for the offline CLI
    /// (no organisation's layer unless it names one).
    pub organisation_id: Option<String>,
}

impl Caller {
    /// Full access, for the offline CLI.
    pub fn local() -> Caller {
        Caller { key_id: "local".into(), plan: Plan::All, organisation_id: None }
    }

    /// The districts this caller may query: every known one for the `all` plan.
    pub fn accessible_districts(&self, catalogue: &Catalogue) -> Vec<String> {
        match &self.plan {
            Plan::All => catalogue.courts().map(|court| court.district_id.clone()).collect(),
            Plan::Districts(districts) => districts.iter().cloned().collect(),
        }
    }
}
