//! `courtrules judges --district ID`: a court's judges offline — the same JSON as
//! `GET /api/v1/judges?district_id=ID` — so the slug `--judge` takes can be found
//! without a server.

use super::StorageArgs;
use super::args::EngineArgs;
use super::filing::{fail, local_service};
use crate::out;
use crate::sandbox::Sandbox;
use crate::service::{Caller, courts};
use std::process::ExitCode;

pub(super) async fn run(storage: &StorageArgs, district: &str, engine: EngineArgs) -> anyhow::Result<ExitCode> {
    let sandbox = Sandbox::new(engine.one_shot_limits())?;
    let service = local_service(storage, &sandbox, None).await?;
    match courts::judges(&service, &Caller::local(), district) {
        Ok(answer) => {
            out::line(serde_json::to_string(&answer)?)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => fail(error),
    }
}
