//! `courtrules uploads`: the PDFs kept from classification — list them, fetch one,
//! prune old ones.

use super::args::days;
use crate::out;
use crate::store::db::Db;
use crate::uploads::Uploads;
use clap::Subcommand;
use std::process::ExitCode;

#[derive(Subcommand)]
pub(super) enum UploadsCommand {
    /// The most recent uploads, newest first, one JSON object a line.
    List {
        /// How many uploads to list at most.
        #[arg(long, default_value_t = 100)]
        limit: u32,
    },
    /// The PDF an upload sent, written to --output (or to standard output).
    Get {
        /// The upload's id (see `uploads list`).
        id: String,
        /// The file to write the PDF to (default: standard output).
        #[arg(long)]
        output: Option<std::path::PathBuf>,
    },
    /// Remove uploads older than the retention period (or --older-than-days) and the
    /// stored PDFs no remaining upload names.
    Prune {
        /// Remove uploads older than this many days (default: the retention period,
        /// --upload-retention-days).
        #[arg(long)]
        older_than_days: Option<u64>,
    },
}

pub(super) async fn run(db: &Db, uploads: &Uploads, command: UploadsCommand) -> anyhow::Result<ExitCode> {
    match command {
        UploadsCommand::List { limit } => {
            for upload in uploads.list(db, limit).await? {
                out::line(serde_json::to_string(&upload)?)?;
            }
        }
        UploadsCommand::Get { id, output } => {
            let Some(pdf) = uploads.pdf(db, &id).await? else {
                // Exit 1, as every command's error but check, classify, deadlines and ingest.
                anyhow::bail!("there is no upload `{id}` (see `courtrules uploads list`)");
            };
            match output {
                Some(path) => std::fs::write(&path, &pdf)
                    .map_err(|error| anyhow::anyhow!("could not write {}: {error}", path.display()))?,
                None => out::bytes(&pdf)?,
            }
        }
        UploadsCommand::Prune { older_than_days } => {
            let older_than = older_than_days.map_or(uploads.retention(), days);
            let report = uploads.prune(db, older_than).await?;
            out::line(format_args!(
                "pruned {} uploads older than {} days; removed {} stored PDFs ({} bytes)",
                report.uploads,
                older_than_days.unwrap_or(older_than.as_secs() / 86_400),
                report.files,
                report.bytes
            ))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
