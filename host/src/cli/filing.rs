//! `courtrules check` and `courtrules classify`: a filing checked or classified offline
//! by the same service functions, engine and text recognition as the server, over the
//! local database (seeded first when it is empty). Errors print the API's error body.

use super::StorageArgs;
use super::args::{ClassifyArgs, EngineArgs};
use super::input::{self, InputError};
use crate::classifier::{Classifier, RecognitionCause, unread_pages_reason};
use crate::ocr::{Ocr, OcrError};
use crate::out;
use crate::sandbox::Sandbox;
use crate::service::error::{ErrorBody, ScannedPagesBody, docs_url};
use crate::service::{self, Caller, Error, Service, check, classify};
use crate::store::catalogue::Live;
use crate::store::db::Db;
use crate::store::seed;
use anyhow::Context;
use clap::Args;
use courtrules_engine::model::{CheckResponse, ClassifyHints, ComplianceStatus, FieldError};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Args)]
pub(super) struct ClassifyCommand {
    /// The PDF (`-` for stdin).
    pub(super) file: PathBuf,
    /// The district the filing is for (copied into the check request).
    #[arg(long, requires = "judge")]
    pub(super) district: Option<String>,
    /// The judge, a slug from the district's roster.
    #[arg(long, requires = "district")]
    pub(super) judge: Option<String>,
    /// The file name the classifier is told (default: FILE's own name).
    #[arg(long)]
    pub(super) filename: Option<String>,
    /// Run the check on the classified document.
    #[arg(long, requires_all = ["district", "role"])]
    pub(super) check: bool,
    // The four filer facts are for --check alone; given without it, `check_only_flags`
    // says so (clap's `requires` would list --check among "required arguments", with
    // everything --check requires in turn).
    /// With --check: the filing party is pro se.
    #[arg(long)]
    pub(super) pro_se: bool,
    /// With --check: a pre-motion conference was completed for this motion.
    #[arg(long)]
    pub(super) pmc_completed: bool,
    /// With --check: the opposing party is pro se.
    #[arg(long)]
    pub(super) opposing_pro_se: bool,
    /// With --check: the filer's role.
    #[arg(long, value_parser = ["movant", "opponent", "reply"])]
    pub(super) role: Option<String>,
    /// With --check: which verdict exits 1 (default: review).
    #[arg(long, value_enum, value_name = "VERDICT")]
    pub(super) fail_on: Option<FailOn>,
    #[command(flatten)]
    pub(super) engine: EngineArgs,
    #[command(flatten)]
    pub(super) classify: ClassifyArgs,
}

/// Which verdict of a check exits 1. A script or hook that stops only a filing that breaks
/// a rule asks for `non-compliant`: most court-wide checks are REVIEW for their action
/// items (a judge's practices not encoded, a fact to confirm), which the answer still lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum FailOn {
    /// REVIEW or NON_COMPLIANT: only COMPLIANT exits 0.
    #[default]
    Review,
    /// NON_COMPLIANT only: REVIEW exits 0 too.
    NonCompliant,
}

impl FailOn {
    fn exit_code(self, status: ComplianceStatus) -> ExitCode {
        let fails = match self {
            FailOn::Review => status != ComplianceStatus::Compliant,
            FailOn::NonCompliant => status == ComplianceStatus::NonCompliant,
        };
        ExitCode::from(u8::from(fails))
    }
}

impl ClassifyCommand {
    /// The flags given that only --check reads, when --check is not given.
    pub(super) fn check_only_flags(&self) -> Vec<&'static str> {
        let given = [
            ("--pro-se", self.pro_se),
            ("--pmc-completed", self.pmc_completed),
            ("--opposing-pro-se", self.opposing_pro_se),
            ("--role", self.role.is_some()),
            ("--fail-on", self.fail_on.is_some()),
        ];
        if self.check {
            Vec::new()
        } else {
            given.into_iter().filter(|(_, given)| *given).map(|(flag, _)| flag).collect()
        }
    }
}

/// The offline check: `service::check`, as `POST /api/v1/check`.
pub(super) async fn check(
    storage: &StorageArgs,
    file: &Path,
    engine: EngineArgs,
    fail_on: FailOn,
) -> anyhow::Result<ExitCode> {
    let body = match input::read_json(file, input::JSON_REQUEST) {
        Ok(body) => body,
        Err(error) => return fail(error),
    };
    let sandbox = Sandbox::new(engine.one_shot_limits())?;
    let service = local_service(storage, &sandbox, None).await?;
    let checked = match check::require_json(&body) {
        Ok(()) => check::check(&service, &Caller::local(), body).await,
        Err(error) => Err(error),
    };
    print_check(checked, file, fail_on)
}

/// The offline classification: with a district, `service::classify` (the server's
/// lookups, its sandbox and text recognition; nothing is kept); without one, the
/// classification alone. Then, with `--check`, the client's part of the spec's flow —
/// the four filer facts added to the check request — and the check.
pub(super) async fn classify(storage: &StorageArgs, command: ClassifyCommand) -> anyhow::Result<ExitCode> {
    // The names are checked as the API checks them (a 400 naming each), before any lookup.
    let named = (command.file != Path::new("-")).then(|| command.file.file_name()).flatten();
    let filename = command.filename.clone().or_else(|| named.map(|name| name.to_string_lossy().into_owned()));
    let problems =
        crate::http::classify::check_names(command.district.as_deref(), command.judge.as_deref(), filename.as_deref());
    if !problems.is_empty() {
        return fail_naming(Failure::from(Error::invalid(problems)).about(&command.file), CLASSIFY_FLAGS);
    }
    let pdf = match input::read(&command.file, input::PDF) {
        Ok(pdf) => pdf,
        Err(error) => return fail(error),
    };
    let sandbox = Sandbox::new(command.classify.limits(command.engine.one_shot_limits()))?;
    let classifier = command.classify.classifier(&sandbox);
    let (classified, service) = match (&command.district, &command.judge) {
        (Some(district_id), Some(judge_slug)) => {
            let service = local_service(storage, &sandbox, Some(classifier)).await?;
            let input =
                classify::Input { pdf, district_id: district_id.clone(), judge_slug: judge_slug.clone(), filename };
            match classify::classify(&service, &Caller::local(), input).await {
                Ok(classified) => (classified, Some(service)),
                Err(error) => {
                    let failure = on_the_command_line(error, &command.classify).await;
                    return fail_naming(failure.about(&command.file), CLASSIFY_FLAGS);
                }
            }
        }
        _ => {
            let hints = ClassifyHints { filename, ..ClassifyHints::default() };
            match classify::document(&classifier, pdf.into(), hints).await {
                Ok(classified) => (classified, None),
                Err(error) => return fail(on_the_command_line(error, &command.classify).await.about(&command.file)),
            }
        }
    };
    let response: serde_json::Value = serde_json::from_slice(&classified.response)?;
    if !command.check {
        out::line(String::from_utf8_lossy(&classified.response))?;
        // Without the court and judge, the printed check request names neither (`""`):
        // say so, rather than leave a script to meet the check's 400 for it.
        if service.is_none() && response["check_request"].is_object() {
            out::message(format_args!(
                "note: {}: the check request's district_id and judge_slug are empty; give --district and \
                 --judge to fill them",
                input::name(&command.file)
            ));
        }
        return Ok(ExitCode::SUCCESS);
    }
    let Some(serde_json::Value::Object(mut request)) = response.get("check_request").cloned() else {
        // No check request, so no check: an error body, never the classification, which a
        // script would read as a check response. (On the API, `/check` refuses a request
        // without the document's fields with a 400 too.)
        let confidence = response["classification"]["confidence"].as_str().unwrap_or("low");
        let reasoning = response["classification"]["reasoning"].as_str().unwrap_or("");
        return fail(
            Failure::from(Error::Validation {
                error: format!("the document is not supported (confidence {confidence}): no check was made"),
                details: vec![FieldError::new(
                    "",
                    format!("{reasoning} Run without --check to see the classification."),
                )],
            })
            .about(&command.file),
        );
    };
    // Standard output is the check's response, which has no room for them: the
    // classifier's warnings (a caption naming another court, pages read by text
    // recognition) are said on standard error, as printed without --check.
    let name = input::name(&command.file);
    for warning in response["warnings"].as_array().into_iter().flatten().filter_map(serde_json::Value::as_str) {
        out::message(format_args!("warning: {name}: {warning}"));
    }
    let described = |name: &str| response["classification"][name].as_str().unwrap_or("none").to_owned();
    out::message(format_args!(
        "classified as {} / {} ({} confidence); checking",
        described("document_scope"),
        described("motion_type"),
        described("confidence")
    ));
    request.insert("is_pro_se".into(), command.pro_se.into());
    request.insert("pmc_completed".into(), command.pmc_completed.into());
    request.insert("opposing_party_pro_se".into(), command.opposing_pro_se.into());
    request.insert("filing_role".into(), command.role.clone().unwrap_or_default().into());
    let service = service.context("--check requires --district")?;
    let checked = check::check(&service, &Caller::local(), serde_json::to_vec(&request)?).await;
    print_check(checked, &command.file, command.fail_on.unwrap_or_default())
}

/// A service over the local database, seeded first when it has no courts. Offline,
/// nothing is kept of what is classified.
pub(super) async fn local_service(
    storage: &StorageArgs,
    sandbox: &Arc<Sandbox>,
    classifier: Option<Classifier>,
) -> anyhow::Result<Service> {
    // A new SQLite file would only be seeded from the data pack: without one (a command
    // run from another folder, `./data` being relative), say where it is looked for,
    // before the file is created.
    let courts = storage.data_dir.join("courts/courts.json");
    let new_file = storage.database_url.strip_prefix("sqlite://").map(|rest| rest.split('?').next().unwrap_or(""));
    if new_file.is_some_and(|file| !file.is_empty() && !Path::new(file).exists()) && !courts.is_file() {
        anyhow::bail!("{}", no_data_pack(storage));
    }
    let db = Db::open(&storage.database_url).await?;
    // One row is enough to know the database was seeded (reading every court to count
    // them cost a one-shot command 5 ms).
    let seeded = sqlx::query("SELECT 1 FROM courts LIMIT 1").fetch_optional(db.pool()).await?.is_some();
    // Seeded from another state of the data pack (a `git pull`, an edited profile): seed
    // again, or the command would answer from the rules it replaced. Without a data pack
    // where it is looked for, the database is used as it is.
    let stale = seeded
        && courts.is_file()
        && seed::seeded_fingerprint(&db).await? != Some(seed::fingerprint(&storage.data_dir)?);
    if !seeded || stale {
        // One line, not each of the seed's steps (some thirty): these commands run in
        // scripts and hooks; `courtrules seed` shows the steps.
        let dir = storage.data_dir.display();
        if stale {
            out::message(format_args!(
                "seed: the data pack at {dir} has changed since this database was seeded from it; seeding again"
            ));
        } else {
            out::message(format_args!("seed: the database is empty; seeding it from the data pack at {dir}"));
        }
        seed::seed(&db, sandbox, &storage.data_dir, &mut |_| {})
            .await
            .map_err(|error| if courts.is_file() { error } else { error.context(no_data_pack(storage)) })?;
    }
    let catalogue = Arc::new(Live::load(&db, sandbox).await?);
    Ok(Service::new(service::Parts {
        engine_version: sandbox.engine_version()?,
        layers: Default::default(),
        db,
        sandbox: Arc::clone(sandbox),
        catalogue,
        classifier: classifier.map(Arc::new),
        uploads: None,
        contact: String::new(),
    }))
}

/// Where the data pack is looked for, and how to name another.
fn no_data_pack(storage: &StorageArgs) -> String {
    format!(
        "the database is empty and is seeded from the data pack, looked for at {} (--data-dir or \
         COURTRULES_DATA_DIR; the default, ./data, is in the current folder, as is the database, created at \
         ./var/courtrules.db unless --database-url or DATABASE_URL names another): run the command in the \
         project's folder, or give --data-dir",
        storage.data_dir.display()
    )
}

/// Prints a check's response (exit 1 for the verdicts `fail_on` names, else 0) or its
/// error (exit 2), the message naming `file`.
fn print_check(checked: Result<Vec<u8>, Error>, file: &Path, fail_on: FailOn) -> anyhow::Result<ExitCode> {
    match checked {
        Ok(response) => {
            // Read before it is printed: a failure after it would print a second thing.
            let parsed: CheckResponse = serde_json::from_slice(&response)?;
            out::line(String::from_utf8_lossy(&response))?;
            Ok(fail_on.exit_code(parsed.summary.status))
        }
        Err(error) => fail(Failure::from(error).about(file)),
    }
}

/// The flags of `classify` that give the API's fields.
const CLASSIFY_FLAGS: Flags = &[("district_id", "--district"), ("judge_slug", "--judge"), ("filename", "--filename")];

/// Which flag gives which field of the API's request, to name both in messages.
pub(super) type Flags = &'static [(&'static str, &'static str)];

/// Why a command gives no answer: the API's error body, and the message.
pub(super) struct Failure {
    body: Vec<u8>,
    message: String,
    /// A validation error's problems, each listed in the message.
    details: Vec<FieldError>,
    /// Whether the message names the input already ("could not read FILE: …").
    names_input: bool,
}

impl From<Error> for Failure {
    fn from(error: Error) -> Failure {
        let message = error.to_string();
        let details = match &error {
            Error::Validation { details, .. } => details.clone(),
            _ => Vec::new(),
        };
        Failure { details, ..Failure::new(error.body(), message) }
    }
}

impl From<InputError> for Failure {
    fn from(error: InputError) -> Failure {
        Failure { body: error.body(), message: error.to_string(), details: Vec::new(), names_input: true }
    }
}

impl Failure {
    /// A failure with this body and message, which does not name the input yet.
    fn new(body: Vec<u8>, message: String) -> Failure {
        Failure { body, message, details: Vec::new(), names_input: false }
    }

    /// A command that could not set itself up — the database cannot be opened, there is
    /// no data pack, an engine option is out of range — as the API answers a database
    /// error: the 500 `internal-error` body, here with the reason, which on the command
    /// line is the user's own to fix.
    fn setup(error: &anyhow::Error) -> Failure {
        let message = crate::store::db::error_chain(error);
        let suggestion = "The command could not start its work: fix what the error names (the database: \
                          --database-url; the data pack: --data-dir; an option) and run it again.";
        let body = ErrorBody::new(message.clone(), suggestion.into(), "internal-error").to_json();
        Failure::new(body, message)
    }

    /// The failure with its message naming the input it is about (`error: briefs/a.json:
    /// …`), so that a loop over many files says which one failed. The body is the
    /// API's, as it is.
    pub(super) fn about(mut self, file: &Path) -> Failure {
        if !self.names_input {
            self.message = format!("{}: {}", input::name(file), self.message);
            self.names_input = true;
        }
        self
    }

    /// The message for standard error: a validation error's summary followed by each
    /// problem at its field — with the flag that gave it, `trigger_time (--time): …`.
    fn message(&self, flags: Flags) -> String {
        if self.details.is_empty() {
            return self.message.clone();
        }
        let problems: Vec<String> = self
            .details
            .iter()
            .map(|detail| {
                let flag = flags.iter().find(|(field, _)| {
                    detail
                        .path
                        .strip_prefix(field)
                        .is_some_and(|rest| rest.is_empty() || rest.starts_with('[') || rest.starts_with('.'))
                });
                match (detail.path.as_str(), flag) {
                    ("", _) => detail.message.clone(),
                    (path, Some((_, flag))) => format!("{path} ({flag}): {}", detail.message),
                    (path, None) => format!("{path}: {}", detail.message),
                }
            })
            .collect();
        format!("{}: {}", self.message, problems.join("; "))
    }
}

/// The message on stderr, the error's body on stdout (the one thing there); exit 2.
pub(super) fn fail(failure: impl Into<Failure>) -> anyhow::Result<ExitCode> {
    fail_naming(failure, &[])
}

/// As `fail`, the message naming the flag that gave each field with a problem.
pub(super) fn fail_naming(failure: impl Into<Failure>, flags: Flags) -> anyhow::Result<ExitCode> {
    let failure = failure.into();
    out::message(format_args!("error: {}", failure.message(flags)));
    out::line(String::from_utf8_lossy(&failure.body))?;
    Ok(ExitCode::from(2))
}

/// A command's result with any failure it did not answer itself (its setup: the
/// database, the data pack, the engine) made an error body too, on standard output — or
/// on standard error with `body_on_stderr` (`deadlines --ics`). A failure to write
/// standard output is left as it is: there is nowhere to print the body.
pub(super) fn answered(result: anyhow::Result<ExitCode>, body_on_stderr: bool) -> anyhow::Result<ExitCode> {
    match result {
        Err(error) if !error.chain().any(|cause| cause.to_string() == crate::out::STDOUT_FAILED) => {
            let failure = Failure::setup(&error);
            if body_on_stderr { Ok(fail_on_stderr(failure, &[])) } else { fail(failure) }
        }
        other => other,
    }
}

/// The message and the body both on stderr, stdout left empty (`deadlines --ics`,
/// whose output is a calendar file); exit 2.
pub(super) fn fail_on_stderr(failure: impl Into<Failure>, flags: Flags) -> ExitCode {
    let failure = failure.into();
    out::message(format_args!("error: {}", failure.message(flags)));
    out::message(String::from_utf8_lossy(&failure.body));
    ExitCode::from(2)
}

/// A classification's failure as the command line says it. The server's answers to
/// text recognition and time limits speak of "this server" and say "retry later"; here
/// the classification ran in this process, and what helps is the option that sets it:
/// - the Tesseract program cannot be run: where to get it and how to point at it
///   (`--tesseract`);
/// - text recognition or the classification ran out of time: `--classify-budget-ms`;
/// - text recognition failed otherwise: the program `--tesseract` names.
///
/// The bodies keep the API's fields (`ScannedPagesBody`, the general body); only the
/// words change.
async fn on_the_command_line(error: Error, args: &ClassifyArgs) -> Failure {
    let budget = format!(
        "give the classification more time with --classify-budget-ms (or COURTRULES_CLASSIFY_BUDGET_MS; now {} ms)",
        args.classify_budget_ms
    );
    match &error {
        Error::RecognitionFailed { scanned_pages, unreadable_pages, cause } => {
            if let Err(OcrError::Unavailable(why)) = Ocr::new(args.tesseract.clone(), 1).version().await {
                return without_tesseract(scanned_pages, unreadable_pages, &why);
            }
            let (message, suggestion) = match cause {
                RecognitionCause::OutOfTime { .. } => {
                    (error.to_string(), format!("Run the command again, or {budget}."))
                }
                RecognitionCause::Unavailable => (
                    unread_pages_reason(
                        unreadable_pages,
                        &format!("the Tesseract program (`{}`) could not be run", args.tesseract.display()),
                    ),
                    "Check that the Tesseract program runs (give its path with --tesseract PATH, or \
                     COURTRULES_TESSERACT=PATH), then run the command again."
                        .to_owned(),
                ),
            };
            let body = ScannedPagesBody {
                error: message.clone(),
                suggestion: format!(
                    "{suggestion} A PDF with a text layer (exported from the word processor) needs no text recognition."
                ),
                docs_url: docs_url("classification-failed"),
                scanned_pages: scanned_pages.clone(),
                unreadable_pages: unreadable_pages.clone(),
            };
            Failure::new(serde_json::to_vec(&body).unwrap_or_default(), message)
        }
        Error::ClassificationTimedOut { .. } => {
            let message = error.to_string();
            let suggestion = format!("Run the command again, or {budget}; if the same PDF keeps failing, report it.");
            let body = ErrorBody::new(message.clone(), suggestion, "classification-failed").to_json();
            Failure::new(body, message)
        }
        _ => error.into(),
    }
}

/// Pages that need text recognition when the Tesseract program cannot be run: where to
/// get the program and how to point at it.
fn without_tesseract(scanned_pages: &[u32], unreadable_pages: &[u32], why: &str) -> Failure {
    let pages: Vec<String> = scanned_pages.iter().map(u32::to_string).collect();
    let (noun, has, needs) = if pages.len() == 1 { ("page", "has", "needs") } else { ("pages", "have", "need") };
    let message = format!(
        "{noun} {} {has} no text layer and {needs} text recognition, but the Tesseract program cannot be run: {why}",
        pages.join(", ")
    );
    let body = ScannedPagesBody {
        error: message.clone(),
        suggestion: "Install Tesseract (Debian: apt-get install tesseract-ocr tesseract-ocr-eng), or give the \
                     program's path with --tesseract PATH (or COURTRULES_TESSERACT=PATH). A PDF with a text layer \
                     (exported from the word processor) needs none."
            .into(),
        docs_url: docs_url("classification-failed"),
        scanned_pages: scanned_pages.to_vec(),
        unreadable_pages: unreadable_pages.to_vec(),
    };
    Failure::new(serde_json::to_vec(&body).unwrap_or_default(), message)
}
