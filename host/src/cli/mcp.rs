//! `courtrules mcp`: the MCP tool server over stdio, for desktop assistants that start
//! it as a process. The calls are made as the key in `COURTRULES_API_KEY` (or `--key`),
//! checked once at start: its plan limits the districts, as on the REST API. (No rate
//! limit: the assistant's own process is the only client.)

use super::StorageArgs;
use super::args::McpArgs;
use super::filing::local_service;
use crate::keys;
use crate::mcp::CourtrulesMcp;
use crate::mcp::stdio::StdioTransport;
use crate::sandbox::Sandbox;
use crate::service::{self, Caller, Service};
use anyhow::Context;
use rmcp::ServiceExt;
use std::process::ExitCode;
use std::sync::Arc;

pub(super) async fn run(storage: &StorageArgs, args: McpArgs) -> anyhow::Result<ExitCode> {
    if let Some(public_url) = &args.public_url {
        service::error::set_public_url(public_url);
    }
    // A key that is not one is said before the engine is compiled or the database opened.
    let (id, secret) =
        keys::parse_token(args.key.trim()).context("COURTRULES_API_KEY (or --key) is not an API key (crk_…)")?;
    let sandbox = Sandbox::new(args.classify.limits(args.engine.limits()))?;
    let classifier = args.classify.classifier(&sandbox);
    let local = local_service(storage, &sandbox, Some(classifier)).await?;
    // The offline commands name no contact; the tools answer as the server does.
    let service = Service::new(service::Parts {
        db: local.db.clone(),
        sandbox: Arc::clone(&local.sandbox),
        catalogue: Arc::clone(&local.catalogue),
        classifier: local.classifier.clone(),
        uploads: None,
        contact: args.contact,
        engine_version: local.engine_version.clone(),
        layers: Default::default(),
    });
    let stored = keys::find(&service.db, id)
        .await?
        .filter(|stored| !stored.revoked && stored.matches(secret))
        .context("the API key is not valid: unknown, revoked, or from another database")?;
    let caller = Caller { key_id: stored.id, plan: stored.plan, organisation_id: Some(stored.organisation_id) };
    tracing::info!(key_id = caller.key_id, "MCP tool server on stdio");
    let transport = StdioTransport::new(tokio::io::stdin(), tokio::io::stdout(), crate::mcp::STDIO_MAX_LINE_BYTES);
    let running =
        CourtrulesMcp::for_caller(service, caller).serve(transport).await.context("the MCP session could not start")?;
    running.waiting().await.context("the MCP session ended with an error")?;
    Ok(ExitCode::SUCCESS)
}
