//! `GET /api/v1/rules`: the layered rules for a judge, resolved by the wasm engine.

use super::auth::ApiKey;
use super::error::{
    ApiError, DistrictNotAccessibleBody, ErrorBody, NoProfileBody, UnknownDistrictBody, ValidationErrorBody,
};
use super::extract::QueryPairs;
use super::lookup::{self, Miss};
use super::{AppState, json_response};
use crate::catalogue::{Catalogue, CompiledProfile};
use crate::sandbox::OwnedOp;
use axum::extract::State;
use axum::response::Response;
use courtrules_engine::model::{DocumentScope, FieldError, LayeredRules, MotionType};
use std::sync::Arc;
use utoipa::IntoParams;

/// The query of `/rules`.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // describes the query for the OpenAPI document; the engine reads it
pub struct RulesQuery {
    /// A judge of the district.
    judge_slug: String,
    district_id: String,
    /// Only rules relevant to this kind of paper.
    document_scope: Option<DocumentScope>,
    /// Only rules relevant to this kind of motion.
    motion_type: Option<MotionType>,
}

/// The rules that apply before a judge, grouped by layer
#[utoipa::path(
    get,
    path = "/api/v1/rules",
    tag = "rules",
    params(RulesQuery),
    responses(
        (status = 200, description = "The rules that apply, grouped by layer", body = LayeredRules),
        (status = 400, description = "A parameter is missing or has a value the engine does not know", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = DistrictNotAccessibleBody),
        (status = 404, description = "Unknown district, or judge not in the district", body = UnknownDistrictBody),
        (status = 422, description = "The court has no compliance profile", body = NoProfileBody),
    ),
    security(("bearer" = []))
)]
pub async fn rules(State(state): State<AppState>, key: ApiKey, query: QueryPairs) -> Result<Response, ApiError> {
    let catalogue = state.catalogue.get();
    let json = query.to_json();
    let profile = match find_profile(&catalogue, &key, &state.config.contact, &query) {
        Ok(profile) => profile,
        Err(miss) => {
            let mut details: Vec<FieldError> =
                match state.sandbox.call(OwnedOp::ValidateRulesQuery { query: json }).await? {
                    Ok(details) => serde_json::from_slice(&details).map_err(anyhow::Error::from)?,
                    Err(error) => return Err(lookup::engine_error(error)),
                };
            // The engine's rules query takes district_id as optional; the server
            // needs it to pick a profile.
            if query.get("district_id").is_none() {
                let after_judge = details.iter().take_while(|detail| detail.path == "judge_slug").count();
                details.insert(after_judge, FieldError::new("district_id", "is required"));
            }
            return Err(miss.after_validation(details));
        }
    };
    let answer = state.sandbox.call(OwnedOp::ResolveRules { profile: Arc::clone(&profile.bytes), query: json }).await?;
    Ok(json_response(answer.map_err(lookup::engine_error)?))
}

fn find_profile<'c>(
    catalogue: &'c Catalogue,
    key: &ApiKey,
    contact: &str,
    query: &QueryPairs,
) -> Result<&'c CompiledProfile, Miss> {
    let (Ok(district_id), Ok(judge_slug)) = (query.require("district_id"), query.require("judge_slug")) else {
        return Err(Miss::Unroutable);
    };
    let court = key.court(catalogue, district_id, contact)?;
    lookup::judge(catalogue, court, judge_slug)?;
    Ok(lookup::profile(catalogue, court)?)
}
