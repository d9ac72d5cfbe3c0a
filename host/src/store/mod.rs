//! The data layer: the database (`db`), the data pack's files (`datapack`), one module
//! per stored resource, the seeding that brings the files into the database (`seed`),
//! and the in-memory snapshot requests are answered from (`catalogue`).
//!
//! Dependencies run one way: `db` and `datapack` at the bottom; each resource module
//! over them; `seed` and `catalogue` over the resources.

pub mod catalogue;
pub mod courts;
pub mod datapack;
pub mod db;
pub mod documents;
pub mod enforcement;
pub mod extracted;
pub mod holidays;
pub mod layers;
pub mod profiles;
pub mod rosters;
pub mod seed;
pub mod time_rules;
