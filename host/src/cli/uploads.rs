//! `courtrules uploads`: the PDFs kept from classification — list them, prune old ones.

use super::args::days;
use crate::store::db::Db;
use crate::uploads::Uploads;
use clap::Subcommand;
use std::process::ExitCode;

#[derive(Subcommand)]
pub(super) enum UploadsCommand {
    /// The most recent uploads, newest first, one JSON object a line.
    List {
        #[arg(long, default_value_t = 100)]
        limit: u32,
    },
    /// Remove uploads older than the retention period (or --older-than-days), then
    /// files no upload names (left by a crash).
    Prune {
        #[arg(long)]
        older_than_days: Option<u64>,
    },
}

pub(super) async fn run(db: &Db, uploads: &Uploads, command: UploadsCommand) -> anyhow::Result<ExitCode> {
    match command {
        UploadsCommand::List { limit } => {
            for upload in uploads.list(db, limit).await? {
                println!("{}", serde_json::to_string(&upload)?);
            }
        }
        UploadsCommand::Prune { older_than_days } => {
            let older_than = older_than_days.map_or(uploads.retention(), days);
            let report = uploads.prune(db, older_than).await?;
            println!(
                "pruned {} uploads older than {} days; removed {} files ({} bytes)",
                report.uploads,
                older_than.as_secs() / 86_400,
                report.files,
                report.bytes
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
