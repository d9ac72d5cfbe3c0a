//! `courtrules ingest FILE --district D --judge SLUG [--accept --organisation ORG]`: a
//! judge's individual practices (PDF or text) read by the engine into proposed
//! standing-order rules — printed for review, each with its page, section, confidence
//! and sentence, then the sentences no pattern understood — and, with `--accept`,
//! stored as the next version of the organisation's layer for that judge, exactly as
//! `POST …/versions` would (the same service functions, over the local database).

use super::StorageArgs;
use super::args::EngineArgs;
use super::filing::{fail, local_service};
use crate::keys::Plan;
use crate::out;
use crate::sandbox::Sandbox;
use crate::service::layers::{self, DraftInput, VersionInput};
use crate::service::{Caller, Error};
use clap::Args;
use courtrules_engine::model::FieldError;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(super) struct IngestCommand {
    /// The judge's individual practices or standing order: a PDF, or UTF-8 text (a form
    /// feed between pages); `-` reads standard input.
    file: PathBuf,
    /// The district, e.g. `edny`.
    #[arg(long)]
    district: String,
    /// The judge, a slug from the district's roster.
    #[arg(long)]
    judge: String,
    /// Where the judge publishes the document (default: the judge's page on the roster).
    #[arg(long)]
    source_url: Option<String>,
    /// The title used in citations (default: read from the document).
    #[arg(long)]
    title: Option<String>,
    /// Store the proposals as the next version of the organisation's layer.
    #[arg(long, requires = "organisation")]
    accept: bool,
    /// The organisation whose layer it is (see `courtrules keys list`).
    #[arg(long)]
    organisation: Option<String>,
    /// Who accepted it, recorded with the version.
    #[arg(long, default_value = "command line")]
    accepted_by: String,
    /// Leave out proposals below this confidence when accepting: high, medium or low.
    #[arg(long, default_value = "medium", value_parser = ["high", "medium", "low"])]
    min_confidence: String,
    /// Print the draft as JSON (the API's answer) instead of the review.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    engine: EngineArgs,
}

pub(super) async fn run(storage: &StorageArgs, command: IngestCommand) -> anyhow::Result<ExitCode> {
    let document = super::input::read(&command.file)?;
    if document.iter().all(u8::is_ascii_whitespace) {
        let name = super::input::name(&command.file);
        return fail(Error::invalid(vec![FieldError::new(
            "",
            format!("{name} is empty: there is no document to read"),
        )]));
    }
    let sandbox = Sandbox::new(command.engine.one_shot_limits())?;
    let service = local_service(storage, &sandbox, None).await?;
    let caller = Caller { key_id: "local".into(), plan: Plan::All, organisation_id: command.organisation.clone() };
    if let Some(organisation) = &command.organisation {
        crate::keys::require_organisation(&mut *service.db.pool().acquire().await?, organisation).await?;
    }
    // Offline, the draft is not kept without an organisation: read into a throwaway one.
    let reader = Caller { organisation_id: Some(command.organisation.clone().unwrap_or_default()), ..caller.clone() };
    let input = DraftInput {
        district_id: command.district.clone(),
        judge_slug: command.judge.clone(),
        is_pdf: document.starts_with(b"%PDF"),
        document,
        filename: command.file.file_name().map(|name| name.to_string_lossy().into_owned()),
        source_url: command.source_url.clone(),
        title: command.title.clone(),
    };
    let draft = if command.organisation.is_some() {
        layers::propose(&service, &reader, input).await
    } else {
        layers::read_only(&service, &reader, input).await
    };
    let draft = match draft {
        Ok(draft) => draft,
        Err(error) => return fail(error),
    };
    if command.json {
        out::line(serde_json::to_string_pretty(&draft)?)?;
    } else {
        print_review(&draft.extraction)?;
    }
    if !command.accept {
        if !command.json {
            eprintln!(
                "\nNothing stored. Add --accept --organisation ORG to make these rules the organisation's layer."
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    let floor = match command.min_confidence.as_str() {
        "high" => 0,
        "medium" => 1,
        _ => 2,
    };
    let rules: Vec<_> = draft
        .extraction
        .proposals
        .iter()
        .filter(|proposal| (proposal.confidence as u8) <= floor)
        .map(|proposal| proposal.rule.clone())
        .collect();
    if rules.is_empty() {
        let message = match draft.extraction.proposals.len() {
            0 => "nothing to accept: no rules were found in the document; nothing stored".to_owned(),
            proposed => format!(
                "nothing to accept: none of the document's {proposed} proposed rules is at --min-confidence {} or \
                 above; nothing stored",
                command.min_confidence
            ),
        };
        return fail(Error::invalid(vec![FieldError::new("rules", message)]));
    }
    let source_url = draft.extraction.proposals.first().map(|p| p.rule.source_url.clone());
    let input = VersionInput {
        title: draft.extraction.title.clone(),
        source_url: command.source_url.clone().or(source_url).unwrap_or_default(),
        effective_date: None,
        as_of: None,
        draft_id: Some(draft.id.clone()),
        rules,
    };
    match layers::accept(&service, &caller, &command.district, &command.judge, input, &command.accepted_by).await {
        Ok(version) => {
            let count = version.standing_order.as_ref().map_or(0, |order| order.rules.len());
            eprintln!(
                "Accepted as version {} of {}'s layer for {}/{} ({count} rules, by {} at {}).",
                version.version,
                version.organisation_id,
                version.district_id,
                version.judge_slug,
                version.accepted_by,
                version.accepted_at
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => fail(error),
    }
}

fn print_review(extraction: &courtrules_engine::model::Extraction) -> anyhow::Result<()> {
    out::line(format_args!("{} — {} proposed rules", extraction.title, extraction.proposals.len()))?;
    for warning in &extraction.warnings {
        out::line(format_args!("warning: {warning}"))?;
    }
    for proposal in &extraction.proposals {
        let evidence = &proposal.evidence;
        let confidence = serde_json::to_value(proposal.confidence).ok();
        out::line(format_args!(
            "\n{}  [{} confidence]\n  {}\n  {} (page {}{})\n  \"{}\"",
            proposal.rule.rule_key,
            confidence.as_ref().and_then(|c| c.as_str()).unwrap_or("?"),
            proposal.rule.summary,
            proposal.rule.citation,
            evidence.page,
            evidence.section.as_ref().map(|s| format!(", § {s}")).unwrap_or_default(),
            evidence.text
        ))?;
    }
    if !extraction.not_understood.is_empty() {
        out::line(format_args!(
            "\nNot understood ({} sentences that read as rules; check them yourself):",
            extraction.not_understood.len()
        ))?;
        for passage in &extraction.not_understood {
            out::line(format_args!("  p.{}: {}", passage.page, passage.text))?;
        }
    }
    Ok(())
}
