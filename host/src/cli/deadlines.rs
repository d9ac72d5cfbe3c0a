//! `courtrules deadlines`: the deadlines after an event, offline, with the server's
//! engine and data — the same bytes as `POST /api/v1/deadlines` — or as iCalendar.

use super::StorageArgs;
use super::args::EngineArgs;
use super::filing::{Failure, Flags, fail_naming, fail_on_stderr, local_service};
use super::input;
use crate::out;
use crate::sandbox::Sandbox;
use crate::service::{Caller, Error, deadlines};
use clap::Args;
use courtrules_engine::model::FieldError;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(super) struct DeadlinesCommand {
    /// A deadline request as JSON (`-` for stdin), as the body of POST
    /// /api/v1/deadlines; or give --district, --trigger and --date instead.
    file: Option<PathBuf>,
    /// The court, e.g. `sdny`.
    #[arg(long, conflicts_with = "file")]
    district: Option<String>,
    /// A judge of the court, for the standing order's periods (default: the court's).
    #[arg(long, conflicts_with = "file")]
    judge: Option<String>,
    /// The event: service_of_summons, service_of_motion, entry_of_judgment, hearing, …
    #[arg(long, conflicts_with = "file")]
    trigger: Option<String>,
    /// The day of the event (YYYY-MM-DD).
    #[arg(long, conflicts_with = "file")]
    date: Option<String>,
    /// The time of the event (HH:MM), for periods in hours.
    #[arg(long, conflicts_with = "file")]
    time: Option<String>,
    /// How the paper was served: electronic (default), mail, leaving_with_clerk,
    /// other_consented, personal.
    #[arg(long, conflicts_with = "file")]
    service: Option<String>,
    /// Only this period (repeatable), by its key.
    #[arg(long = "period", conflicts_with = "file")]
    periods: Vec<String>,
    /// Print iCalendar (RFC 5545) instead of JSON.
    #[arg(long)]
    pub(super) ics: bool,
    #[command(flatten)]
    engine: EngineArgs,
}

pub(super) async fn run(storage: &StorageArgs, command: DeadlinesCommand) -> anyhow::Result<ExitCode> {
    // With --ics, standard output is the calendar (often redirected into `case.ics`):
    // an error goes to standard error alone.
    // A request built from the flags: each problem is named with the flag that gave it.
    let flags: Flags = if command.file.is_some() { &[] } else { FLAGS };
    let failed =
        |failure: Failure| if command.ics { Ok(fail_on_stderr(failure, flags)) } else { fail_naming(failure, flags) };
    let body = match request_body(&command) {
        Ok(body) => body,
        Err(failure) => return failed(failure),
    };
    let sandbox = Sandbox::new(command.engine.one_shot_limits())?;
    let service = local_service(storage, &sandbox, None).await?;
    match deadlines::deadlines(&service, &Caller::local(), body).await {
        Ok(answer) if command.ics => match crate::ics::from_json(&answer) {
            Ok(calendar) => {
                out::text(calendar)?;
                Ok(ExitCode::SUCCESS)
            }
            // No deadline follows: no calendar (it would hold no event), and why.
            Err(error) => failed(error.into()),
        },
        Ok(answer) => {
            out::line(String::from_utf8_lossy(&answer))?;
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => failed(error.into()),
    }
}

/// The flag that gives each field of the request.
const FLAGS: Flags = &[
    ("district_id", "--district"),
    ("judge_slug", "--judge"),
    ("trigger_date", "--date"),
    ("trigger_time", "--time"),
    ("trigger", "--trigger"),
    ("service_method", "--service"),
    ("period_keys", "--period"),
];

/// The request: the file's bytes, or one built from the flags (the engine names what
/// is wrong with either).
fn request_body(command: &DeadlinesCommand) -> Result<Vec<u8>, Failure> {
    if let Some(file) = &command.file {
        return Ok(input::read_json(file, input::JSON_REQUEST)?);
    }
    if command.district.is_none() && command.trigger.is_none() && command.date.is_none() {
        let problem = FieldError::new("", "give a request file, or --district, --trigger and --date");
        return Err(Error::invalid(vec![problem]).into());
    }
    let mut request = serde_json::Map::new();
    let mut put = |name: &str, value: &Option<String>| {
        if let Some(value) = value {
            request.insert(name.to_owned(), value.clone().into());
        }
    };
    put("district_id", &command.district);
    put("judge_slug", &command.judge);
    put("trigger", &command.trigger);
    put("trigger_date", &command.date);
    put("trigger_time", &command.time);
    put("service_method", &command.service);
    if !command.periods.is_empty() {
        request.insert("period_keys".to_owned(), command.periods.clone().into());
    }
    Ok(serde_json::Value::Object(request).to_string().into_bytes())
}
