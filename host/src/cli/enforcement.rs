//! `courtrules enforcement`: load more enforcement actions (a JSON or CSV file in the
//! documented format) into the data pack and the database.

use super::args::EngineArgs;
use crate::out;
use crate::store::enforcement;
use anyhow::{Context, bail};
use clap::Subcommand;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Subcommand)]
pub(super) enum EnforcementCommand {
    /// Check FILE (.json or .csv, docs/mcp.md), copy it into the data pack's
    /// `enforcement/` folder and seed the database with it. Every problem in the file
    /// is named at once; nothing is copied or stored while there is one.
    Import {
        file: PathBuf,
        /// Only check the file: copy and store nothing.
        #[arg(long)]
        dry_run: bool,
        /// Let the file replace a data-pack file of the same name even though actions
        /// of that file are missing from it (they are then removed).
        #[arg(long)]
        replace: bool,
        #[command(flatten)]
        engine: EngineArgs,
    },
}

pub(super) async fn run(database_url: &str, data_dir: &Path, command: EnforcementCommand) -> anyhow::Result<ExitCode> {
    let EnforcementCommand::Import { file, dry_run, replace, engine } = command;
    let extension = file.extension().and_then(|extension| extension.to_str());
    if !matches!(extension, Some("json" | "csv")) {
        bail!("{}: only .json and .csv files are read", file.display());
    }
    let name = file.file_name().context("FILE names no file")?;
    let actions = enforcement::read_file(&file)?;
    if actions.is_empty() {
        bail!("{}: the file holds no enforcement actions; there is nothing to import", file.display());
    }
    let destination = data_dir.join("enforcement").join(name);
    // Ids are unique across the pack; a file imported again replaces its earlier copy.
    let others = enforcement::read_data_pack(data_dir)?;
    let earlier = if destination.exists() { enforcement::read_file(&destination)? } else { Vec::new() };
    // Replacing a file would drop the actions it has that the new one lacks: most likely
    // another file that happens to share its name (`us.json`), so only when asked.
    let dropped: Vec<&str> = earlier
        .iter()
        .filter(|mine| !actions.iter().any(|action| action.id == mine.id))
        .map(|mine| mine.id.as_str())
        .collect();
    if !dropped.is_empty() && !replace {
        let listed = dropped.iter().take(5).copied().collect::<Vec<_>>().join(", ");
        let more = if dropped.len() > 5 { format!(" and {} more", dropped.len() - 5) } else { String::new() };
        bail!(
            "{}: the data pack already has a file of this name, {}, and {} of its {} actions are not in this \
             file ({listed}{more}); importing it would remove them. Give the file another name to add its actions \
             beside them, or pass --replace to replace that file.",
            file.display(),
            destination.display(),
            dropped.len(),
            earlier.len()
        );
    }
    let clashes: Vec<&str> = actions
        .iter()
        .filter(|action| {
            others.iter().any(|other| other.id == action.id) && !earlier.iter().any(|mine| mine.id == action.id)
        })
        .map(|action| action.id.as_str())
        .collect();
    if !clashes.is_empty() {
        bail!("{}: these ids are already in the data pack: {}", file.display(), clashes.join(", "));
    }
    let mut by_jurisdiction: BTreeMap<&str, usize> = BTreeMap::new();
    for action in &actions {
        *by_jurisdiction.entry(action.jurisdiction.as_str()).or_default() += 1;
    }
    let counts: Vec<String> = by_jurisdiction.iter().map(|(code, count)| format!("{code} {count}")).collect();
    out::line(format_args!("{}: {} actions ({})", file.display(), actions.len(), counts.join(", ")))?;
    if dry_run {
        out::line("dry run: nothing copied or stored")?;
        return Ok(ExitCode::SUCCESS);
    }
    if file.canonicalize().ok() != destination.canonicalize().ok() {
        std::fs::create_dir_all(data_dir.join("enforcement"))?;
        // Copied beside, then renamed: a crash never leaves half a file in the pack.
        let partial = destination.with_extension("partial");
        std::fs::copy(&file, &partial).with_context(|| format!("could not write {}", partial.display()))?;
        std::fs::rename(&partial, &destination)?;
        out::line(format_args!("copied to {}", destination.display()))?;
    }
    super::seed_and_report(database_url, data_dir, &engine).await?;
    Ok(ExitCode::SUCCESS)
}
