//! The engine's data types: what comes in, what goes out, and the profile it reads.

mod address;
pub mod classification;
pub mod deadlines;
pub mod enums;
mod holiday_rule;
pub mod ingest;
pub mod profile;
pub mod request;
pub mod response;
pub mod rule_kind;
pub mod rules_view;

pub use address::address_problem;
pub use classification::*;
pub use deadlines::*;
pub use enums::*;
pub use ingest::*;
pub use profile::*;
pub use request::*;
pub use response::*;
pub use rule_kind::RuleKind;
pub use rules_view::*;
