//! `courtrules mcp`: the MCP tool server over stdio, for desktop assistants that start
//! it as a process. The calls are made as the key in `COURTRULES_API_KEY` (or `--key`),
//! checked once at start: its plan limits the districts, as on the REST API. (No rate
//! limit: the assistant's own process is the only client.)

use super::StorageArgs;
use super::args::{ClassifyArgs, EngineArgs};
use super::filing::local_service;
use crate::keys;
use crate::mcp::CourtrulesMcp;
use crate::sandbox::Sandbox;
use crate::service::Caller;
use anyhow::Context;
use rmcp::ServiceExt;
use std::process::ExitCode;

pub(super) async fn run(
    storage: &StorageArgs,
    key: &str,
    engine: EngineArgs,
    classify: ClassifyArgs,
) -> anyhow::Result<ExitCode> {
    let sandbox = Sandbox::new(classify.limits(engine.limits()))?;
    let classifier = classify.classifier(&sandbox);
    let service = local_service(storage, &sandbox, Some(classifier)).await?;
    let (id, secret) =
        keys::parse_token(key.trim()).context("COURTRULES_API_KEY (or --key) is not an API key (crk_…)")?;
    let stored = keys::find(&service.db, id)
        .await?
        .filter(|stored| !stored.revoked && stored.matches(secret))
        .context("the API key is not valid: unknown, revoked, or from another database")?;
    let caller = Caller { key_id: stored.id, plan: stored.plan, organisation_id: Some(stored.organisation_id) };
    tracing::info!(key_id = caller.key_id, "MCP tool server on stdio");
    let (stdin, stdout) = rmcp::transport::stdio();
    let transport = rmcp::transport::async_rw::AsyncRwTransport::new(stdin, stdout)
        .with_max_line_length(crate::mcp::STDIO_MAX_LINE_BYTES);
    let running =
        CourtrulesMcp::for_caller(service, caller).serve(transport).await.context("the MCP session could not start")?;
    running.waiting().await.context("the MCP session ended with an error")?;
    Ok(ExitCode::SUCCESS)
}
