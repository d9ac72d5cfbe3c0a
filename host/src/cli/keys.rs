//! `courtrules keys`: create, list and revoke API keys, and set their rate limits.

use crate::keys::{self, Plan};
use crate::out;
use crate::rate_limit::{self, Group};
use crate::store::courts;
use crate::store::db::Db;
use anyhow::{Context, bail};
use clap::Subcommand;
use std::process::ExitCode;

#[derive(Subcommand)]
pub(super) enum KeysCommand {
    /// Create a key and print it (the only time it is shown).
    Create {
        /// What the key is for, shown in `keys list` (at most 100 characters).
        #[arg(long)]
        name: String,
        /// `all`, or a comma-separated list of district ids.
        #[arg(long, default_value = "all")]
        districts: String,
        /// The organisation the key joins (its standing-order layers apply to the key);
        /// a new organisation of its own when left out.
        #[arg(long)]
        organisation: Option<String>,
    },
    /// List keys (never their secrets).
    List,
    /// Revoke a key by its id (see `keys list`).
    Revoke { id: String },
    /// Show a key's rate limits, or change them for one group (or `all`):
    /// `keys limits ID --group check --per-minute 600`; `--reset` restores the default.
    Limits {
        id: String,
        /// classify, check, courts, judges, rules, holidays, extracted_rules, profile,
        /// documents, index, deadlines, mcp, layers — or `all`.
        #[arg(long, requires = "change")]
        group: Option<String>,
        /// Requests per minute (sliding window) for the group.
        #[arg(long, group = "change", requires = "group")]
        per_minute: Option<u32>,
        /// Back to the group's default limit.
        #[arg(long, group = "change", requires = "group")]
        reset: bool,
    },
}

pub(super) async fn run(db: &Db, command: KeysCommand) -> anyhow::Result<ExitCode> {
    match command {
        KeysCommand::Create { name, districts, organisation } => {
            let plan = Plan::parse(&districts)?;
            if let Plan::Districts(ids) = &plan {
                let known = courts::stored(&mut *db.pool().acquire().await?).await?;
                let unknown: Vec<&str> = ids.iter().filter(|id| !known.contains_key(*id)).map(String::as_str).collect();
                if !unknown.is_empty() {
                    bail!("{}", unknown_districts(&unknown, |id| known.contains_key(id), known.is_empty()));
                }
            }
            let key = keys::create(db, &name, plan, organisation.as_deref()).await?;
            // One write, so that the secret is shown whole or the key is revoked.
            let shown = out::text(format_args!(
                "Created key {} \"{}\" (districts: {}; organisation {}). It is shown only this once:\n{}\n",
                key.id,
                name.trim(),
                key.plan,
                key.organisation_id,
                key.token
            ));
            if let Err(error) = shown {
                // Nobody has the secret: a key that stayed active could only be revoked.
                let revoked = keys::revoke(db, &key.id).await;
                return Err(match revoked {
                    Ok(_) => error.context(format!(
                        "key {} was created but its secret could not be shown, so it was revoked; create another",
                        key.id
                    )),
                    Err(revoke_error) => error.context(format!(
                        "key {} was created but its secret could not be shown, and revoking it failed ({revoke_error:#}): \
                         revoke it with `courtrules keys revoke {}`",
                        key.id, key.id
                    )),
                });
            }
            Ok(ExitCode::SUCCESS)
        }
        KeysCommand::List => {
            let keys = keys::list(db).await?;
            out::line(format_args!(
                "{:<14} {:<20} {:<24} {:<22} {:<22} STATUS",
                "ID", "NAME", "DISTRICTS", "CREATED", "ORGANISATION"
            ))?;
            for key in keys {
                let status = key.revoked_at.map_or("active".to_owned(), |at| format!("revoked {at}"));
                out::line(format_args!(
                    "{:<14} {:<20} {:<24} {:<22} {:<22} {status}",
                    key.id,
                    key.name,
                    key.plan.to_string(),
                    key.created_at,
                    key.organisation_id
                ))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        KeysCommand::Limits { id, group, per_minute, reset } => {
            if let Some(group) = group {
                let groups: Vec<Group> = match group.as_str() {
                    "all" => Group::ALL.to_vec(),
                    name => vec![Group::parse(name).with_context(|| {
                        let names: Vec<&str> = Group::ALL.iter().map(|group| group.name()).collect();
                        format!("unknown group `{name}`; groups: {}, or all", names.join(", "))
                    })?],
                };
                let per_window = if reset { None } else { per_minute };
                if !rate_limit::set_key_limits(db, &id, &groups, per_window).await? {
                    bail!("no key with id `{id}` (see `courtrules keys list`)");
                }
            }
            let Some(key) = keys::find(db, &id).await? else {
                bail!("no key with id `{id}` (see `courtrules keys list`)");
            };
            out::line(format_args!("{:<16} {:>12}  SOURCE", "GROUP", "PER MINUTE"))?;
            for group in Group::ALL {
                let source = if key.limits.is_default(group) { "default" } else { "set for this key" };
                out::line(format_args!("{:<16} {:>12}  {source}", group.name(), key.limits.limit(group)))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        KeysCommand::Revoke { id } => {
            match keys::revoke(db, &id).await? {
                keys::Revocation::Revoked => out::line(format_args!("Revoked key {id}."))?,
                keys::Revocation::AlreadyRevoked(at) => {
                    out::line(format_args!("Key {id} was already revoked (at {at}); nothing changed."))?
                }
                keys::Revocation::NoSuchKey => bail!("no key with id `{id}` (see `courtrules keys list`)"),
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Why `--districts` names no district: ids are lowercase (`edny`, not `EDNY`); an
/// empty database has none until it is seeded.
fn unknown_districts(unknown: &[&str], known: impl Fn(&str) -> bool, none_known: bool) -> String {
    let listed: Vec<String> = unknown
        .iter()
        .map(|id| {
            let lower = id.to_lowercase();
            if lower != *id && known(&lower) { format!("{id} (did you mean {lower}?)") } else { (*id).to_owned() }
        })
        .collect();
    let hint = if none_known {
        "the database has no courts yet: run `courtrules seed`"
    } else {
        "district ids are lowercase, as `edny,sdny`; `GET /api/v1/courts` and data/courts/courts.json list them"
    };
    format!("unknown district(s): {} ({hint})", listed.join(", "))
}
