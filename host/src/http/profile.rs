//! `GET /api/v1/profile?district_id=&judge_slug=`: the compliance profile the engine
//! consumes, trimmed to one judge (`service::profile`).

use super::AppState;
use super::auth::ApiKey;
use super::error::{ApiError, ForbiddenBody};
use super::query::{Query, Text, query_params};
use crate::service::error::{ErrorBody, NoProfileBody, NotFoundBody, ValidationErrorBody};
use crate::service::profile;
use axum::Json;
use axum::extract::State;
use courtrules_engine::model::Profile;

query_params! {
    /// The query of `/profile`; also the arguments of the MCP tool `get_compliance_profile`.
    #[derive(schemars::JsonSchema)]
    #[schemars(deny_unknown_fields)]
    pub struct ProfileQuery {
        /// A judge of the court (its judges list gives each judge's slug), or `court` for
        /// the court's own rules without a judge's standing order.
        #[param(example = "avery-sample")]
        pub judge_slug: Text<120>,
        /// The court, e.g. `edny`.
        #[param(example = "edny")]
        pub district_id: Text<120>,
    }
}

/// A judge's compliance profile, as the engine consumes it
#[utoipa::path(
    get,
    path = "/api/v1/profile",
    tag = "rules",
    params(ProfileQuery),
    responses(
        (status = 200, description = "The district's profile with `judges` holding only the judge asked for (docs/profile-format.md)", body = Profile),
        (status = 400, description = "A parameter is missing, empty, too long or unknown", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Unknown district, or judge not in the district", body = NotFoundBody),
        (status = 422, description = "The court has no compliance profile", body = NoProfileBody),
    ),
    security(("bearer" = []))
)]
pub async fn profile(
    State(state): State<AppState>,
    key: ApiKey,
    Query(query): Query<ProfileQuery>,
) -> Result<Json<Profile>, ApiError> {
    Ok(Json(profile::profile(&state.service, &key.caller, &query.district_id, &query.judge_slug).await?))
}
