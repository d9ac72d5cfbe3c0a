//! Public privacy and data-protection enforcement actions: read from the data pack
//! (`data/enforcement/*.json` and `*.csv`, the formats in docs/mcp.md), checked record
//! by record, stored in `enforcement_actions`, and searched.
//!
//! Polling: results come in a stable order — by date, then id — and a search can start
//! after the last action a client has seen (`date_from` with `after_id`), so a client
//! polling with the newest date and id it holds gets only what is new.

use super::datapack::{files_ending, read_json};
use super::db::Db;
use anyhow::{Context, bail};
use courtrules_engine::calendar::Date;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The industries an action is filed under.
pub const INDUSTRIES: &[&str] = &[
    "advertising_technology",
    "consumer_technology",
    "social_media",
    "retail",
    "health",
    "financial_services",
    "telecommunications",
    "education",
    "automotive",
    "data_broker",
    "gaming",
    "travel_hospitality",
    "public_sector",
    "other",
];

/// Where an action stands.
pub const STATUSES: &[&str] = &["final", "settled", "alleged", "under_appeal"];

/// The risk scale (docs/enforcement.md): by the size of the penalty and the kind of
/// order.
pub const RISK_LEVELS: &[&str] = &["critical", "high", "medium", "low"];

/// One enforcement action, as the data pack holds it and the tools answer it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnforcementAction {
    /// A stable slug, e.g. `ftc-2024-avast`.
    pub id: String,
    pub agency: String,
    /// ISO 3166-1 alpha-2 (`US`, `GB`, `FR`), ISO 3166-2 for a U.S. state (`US-CA`), or
    /// `EU` for an EU body.
    pub jurisdiction: String,
    /// The date the agency announced or decided it (YYYY-MM-DD).
    pub date: String,
    /// The company, as the agency names it.
    pub respondent: String,
    pub industry: String,
    /// What the agency found or alleged, in our words.
    pub violation: String,
    /// The money penalty, if any.
    pub penalty_amount: Option<f64>,
    /// ISO 4217, when there is a penalty.
    pub penalty_currency: Option<String>,
    pub status: String,
    pub risk_level: String,
    /// The agency's own release, decision or order.
    pub source_url: String,
    pub source_title: String,
    /// Contract clauses to review because of this action.
    pub search_terms: Vec<String>,
    /// What to check in vendor agreements, in our words.
    pub contract_impact: String,
    /// When the record was compiled (from its file).
    #[serde(default)]
    pub as_of: String,
}

/// One file of `data/enforcement/`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EnforcementFile {
    as_of: String,
    #[allow(dead_code)] // who compiled it: for readers of the file
    compiled_by: String,
    actions: Vec<EnforcementAction>,
    /// Actions seen but not confirmed from an official page: for readers of the file.
    #[serde(default)]
    #[allow(dead_code)]
    gaps: Vec<String>,
}

/// One row of a CSV file: the JSON record's fields as columns, `search_terms` separated
/// by `;`, the penalty columns empty when there is none, and `as_of` on every row.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CsvRow {
    id: String,
    agency: String,
    jurisdiction: String,
    date: String,
    respondent: String,
    industry: String,
    violation: String,
    penalty_amount: Option<f64>,
    penalty_currency: Option<String>,
    status: String,
    risk_level: String,
    source_url: String,
    source_title: String,
    search_terms: String,
    contract_impact: String,
    as_of: String,
}

impl From<CsvRow> for EnforcementAction {
    fn from(row: CsvRow) -> Self {
        EnforcementAction {
            id: row.id,
            agency: row.agency,
            jurisdiction: row.jurisdiction,
            date: row.date,
            respondent: row.respondent,
            industry: row.industry,
            violation: row.violation,
            penalty_amount: row.penalty_amount,
            penalty_currency: row.penalty_currency.filter(|currency| !currency.is_empty()),
            status: row.status,
            risk_level: row.risk_level,
            source_url: row.source_url,
            source_title: row.source_title,
            search_terms: row.search_terms.split(';').map(|term| term.trim().to_owned()).collect(),
            contract_impact: row.contract_impact,
            as_of: row.as_of,
        }
    }
}

/// The most problems one file's error lists.
const MAX_PROBLEMS: usize = 50;

/// Every action of one file, `*.json` or `*.csv`, each checked; every problem of the
/// file is named at once (by action id, or by CSV line).
pub fn read_file(path: &Path) -> anyhow::Result<Vec<EnforcementAction>> {
    // Each record with where it is (its place in the file, and how to name it), or the
    // problem that kept it from being read.
    let mut records: Vec<(String, Result<EnforcementAction, String>)> = Vec::new();
    let mut problems = Vec::new();
    if path.extension().is_some_and(|extension| extension == "csv") {
        let bytes = std::fs::read(path).with_context(|| format!("could not read {}", path.display()))?;
        // Line numbers as an editor shows them (the header is line 1), counted from each
        // record's byte offset: the csv crate's own count is one short after a CRLF line
        // end (RFC 4180's own), and a quoted field may span lines.
        let line_at = |byte: u64| {
            // After a CRLF a record's offset is that of its `\n`: start past line ends.
            let mut start = (byte as usize).min(bytes.len());
            while bytes.get(start).is_some_and(|b| matches!(b, b'\r' | b'\n')) {
                start += 1;
            }
            1 + bytes[..start].iter().filter(|&&b| b == b'\n').count()
        };
        let mut reader = csv::ReaderBuilder::new().from_reader(bytes.as_slice());
        let headers =
            reader.headers().with_context(|| format!("could not read the header of {}", path.display()))?.clone();
        let mut record = csv::StringRecord::new();
        let mut last_failure = None;
        loop {
            let (byte, row) = match reader.read_record(&mut record) {
                Ok(false) => break,
                Ok(true) => (
                    record.position().map_or(0, |position| position.byte()),
                    record.deserialize::<CsvRow>(Some(&headers)).map_err(|error| csv_problem(&error)),
                ),
                Err(error) => {
                    let byte = error.position().map_or(0, |position| position.byte());
                    // A reader that cannot get past a record would report it for ever.
                    if last_failure.replace(byte) == Some(byte) {
                        break;
                    }
                    (byte, Err(csv_problem(&error)))
                }
            };
            records.push((format!("line {}", line_at(byte)), row.map(EnforcementAction::from)));
        }
    } else {
        let file: EnforcementFile = read_json(path)?;
        if Date::parse(&file.as_of).is_none() {
            problems.push("`as_of` is not a date YYYY-MM-DD".to_owned());
        }
        for mut action in file.actions {
            action.as_of = file.as_of.clone();
            records.push((format!("action `{}`", action.id), Ok(action)));
        }
    }
    let mut ids = BTreeSet::new();
    let mut actions = Vec::new();
    for (place, record) in records {
        // Every problem of a record, each on a line of its own.
        let found = match record {
            Err(problem) => vec![problem],
            Ok(action) => {
                let mut found = check(&action);
                if !ids.insert(action.id.clone()) {
                    found.push(format!("the id `{}` appears more than once", action.id));
                }
                if found.is_empty() {
                    actions.push(action);
                }
                found
            }
        };
        problems.extend(found.into_iter().map(|problem| format!("{place}: {problem}")));
    }
    if !problems.is_empty() {
        let count = problems.len();
        problems.truncate(MAX_PROBLEMS);
        let listed = if count > MAX_PROBLEMS { format!(", the first {MAX_PROBLEMS} listed") } else { String::new() };
        bail!("{} has {count} problem(s){listed}:\n  {}", path.display(), problems.join("\n  "));
    }
    Ok(actions)
}

/// A CSV reading problem in words: the column a value did not fit, or the row's shape.
fn csv_problem(error: &csv::Error) -> String {
    match error.kind() {
        csv::ErrorKind::Deserialize { err, .. } => match err.field() {
            Some(column) => format!("column {}: {}", column + 1, err.kind()),
            None => err.kind().to_string(),
        },
        csv::ErrorKind::UnequalLengths { expected_len, len, .. } => {
            format!("{len} columns where the header has {expected_len}")
        }
        _ => error.to_string(),
    }
}

/// Every action of the data pack (`data/enforcement/*.json` and `*.csv`), checked,
/// sorted by date then id.
pub fn read_data_pack(data_dir: &Path) -> anyhow::Result<Vec<EnforcementAction>> {
    let mut actions: Vec<EnforcementAction> = Vec::new();
    let mut ids = BTreeMap::new();
    for path in files_ending(&data_dir.join("enforcement"), &["json", "csv"])? {
        for action in read_file(&path)? {
            if let Some(other) = ids.insert(action.id.clone(), path.clone()) {
                bail!(
                    "{}: action id `{}` is also in {}; ids are unique across data/enforcement",
                    path.display(),
                    action.id,
                    other.display()
                );
            }
            actions.push(action);
        }
    }
    actions.sort_by(|a, b| (&a.date, &a.id).cmp(&(&b.date, &b.id)));
    Ok(actions)
}

/// What every record must have: a source, a date, a jurisdiction, and values from the
/// documented lists.
fn check(action: &EnforcementAction) -> Vec<String> {
    let mut problems = Vec::new();
    let slug =
        |text: &str| !text.is_empty() && text.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !slug(&action.id) {
        problems.push("`id` must be lowercase letters, digits and hyphens".to_owned());
    }
    if Date::parse(&action.date).is_none() {
        problems.push(format!("`date` `{}` is not a date YYYY-MM-DD", action.date));
    }
    if !is_jurisdiction(&action.jurisdiction) {
        problems
            .push(format!("`jurisdiction` `{}` is not an ISO 3166 code (`US`, `US-CA`) or `EU`", action.jurisdiction));
    }
    for (field, value, allowed) in [
        ("industry", &action.industry, INDUSTRIES),
        ("status", &action.status, STATUSES),
        ("risk_level", &action.risk_level, RISK_LEVELS),
    ] {
        if !allowed.contains(&value.as_str()) {
            problems.push(format!("`{field}` `{value}` is not one of {}", allowed.join(", ")));
        }
    }
    if !(action.source_url.starts_with("https://") || action.source_url.starts_with("http://")) {
        problems.push("`source_url` must be the address of the agency's own page".to_owned());
    }
    for (field, value) in [
        ("agency", &action.agency),
        ("respondent", &action.respondent),
        ("violation", &action.violation),
        ("source_title", &action.source_title),
        ("contract_impact", &action.contract_impact),
    ] {
        if value.trim().is_empty() {
            problems.push(format!("`{field}` must not be empty"));
        }
    }
    if action.search_terms.is_empty() || action.search_terms.iter().any(|term| term.trim().is_empty()) {
        problems.push("`search_terms` must list at least one clause, none empty".to_owned());
    }
    match (action.penalty_amount, &action.penalty_currency) {
        (Some(amount), Some(currency)) if amount >= 0.0 && amount.is_finite() && is_currency(currency) => {}
        (None, None) => {}
        _ => problems
            .push("`penalty_amount` and `penalty_currency` (ISO 4217) go together, the amount 0 or more".to_owned()),
    }
    problems
}

/// Whether `code` is a jurisdiction's code as stored: ISO 3166-1 alpha-2 (`US`, `EU`) or
/// ISO 3166-2 (`US-CA`), in capitals.
pub fn is_jurisdiction(code: &str) -> bool {
    let upper = |text: &str| text.chars().all(|c| c.is_ascii_uppercase());
    match code.split_once('-') {
        None => code.len() == 2 && upper(code),
        Some((country, region)) => {
            country.len() == 2
                && upper(country)
                && (1..=3).contains(&region.len())
                && region.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        }
    }
}

fn is_currency(code: &str) -> bool {
    code.len() == 3 && code.chars().all(|c| c.is_ascii_uppercase())
}

/// Replaces the stored actions when they differ from `wanted`; whether it did.
pub async fn sync(tx: &mut sqlx::AnyConnection, wanted: &[EnforcementAction]) -> anyhow::Result<bool> {
    let stored = stored(&mut *tx, &Filter::default()).await?;
    if stored == wanted {
        return Ok(false);
    }
    sqlx::query("DELETE FROM enforcement_actions").execute(&mut *tx).await?;
    for action in wanted {
        sqlx::query(
            "INSERT INTO enforcement_actions (id, agency, jurisdiction, action_date, respondent, industry, violation,
                 penalty_amount, penalty_currency, status, risk_level, source_url, source_title, search_terms,
                 contract_impact, as_of)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
        )
        .bind(&action.id)
        .bind(&action.agency)
        .bind(&action.jurisdiction)
        .bind(&action.date)
        .bind(&action.respondent)
        .bind(&action.industry)
        .bind(&action.violation)
        .bind(action.penalty_amount)
        .bind(&action.penalty_currency)
        .bind(&action.status)
        .bind(&action.risk_level)
        .bind(&action.source_url)
        .bind(&action.source_title)
        .bind(serde_json::to_string(&action.search_terms)?)
        .bind(&action.contract_impact)
        .bind(&action.as_of)
        .execute(&mut *tx)
        .await?;
    }
    Ok(true)
}

/// What a search keeps.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// Only the action with this id.
    pub id: Option<String>,
    /// This jurisdiction's code exactly, or a country's code and its subdivisions (`US`
    /// also matches `US-CA`). Compared in capitals, as codes are stored.
    pub jurisdiction: Option<String>,
    pub industry: Option<String>,
    pub risk_level: Option<String>,
    /// On or after this date; with `after_id`, only actions after that one of this date.
    pub date_from: Option<String>,
    pub after_id: Option<String>,
    pub date_to: Option<String>,
    /// Lower-case words, each found in the action's respondent, agency, violation, search
    /// terms or contract impact (any case).
    pub words: Vec<String>,
    pub limit: Option<u32>,
}

impl Filter {
    fn has_words(&self, action: &EnforcementAction) -> bool {
        if self.words.is_empty() {
            return true;
        }
        let text = [&action.respondent, &action.agency, &action.violation, &action.contract_impact]
            .into_iter()
            .chain(&action.search_terms)
            .map(|field| field.to_lowercase())
            .collect::<Vec<_>>()
            .join("\n");
        self.words.iter().all(|word| text.contains(word.as_str()))
    }
}

type ActionRow = (
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    Option<f64>,
    Option<String>,
    String,
    String,
    String,
    String,
    String,
    String,
    String,
);

/// The stored actions that match, by date then id.
pub async fn stored<'c, E>(executor: E, filter: &Filter) -> anyhow::Result<Vec<EnforcementAction>>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    // Words are matched here, not in SQL (SQLite's and PostgreSQL's lower-casing differ
    // beyond ASCII): with words, every action the other filters match is read, then cut.
    let sql_limit = if filter.words.is_empty() { filter.limit } else { None };
    // Every condition is always present, with a NULL parameter meaning "no filter", so
    // the statement is one portable text.
    let rows: Vec<ActionRow> = sqlx::query_as(
        "SELECT id, agency, jurisdiction, action_date, respondent, industry, violation, penalty_amount,
                penalty_currency, status, risk_level, source_url, source_title, search_terms, contract_impact, as_of
         FROM enforcement_actions
         WHERE ($8 IS NULL OR id = $8)
           AND ($1 IS NULL OR jurisdiction = $1 OR substr(jurisdiction, 1, length($1) + 1) = $1 || '-')
           AND ($2 IS NULL OR industry = $2)
           AND ($3 IS NULL OR risk_level = $3)
           AND ($4 IS NULL OR action_date > $4 OR (action_date = $4 AND ($5 IS NULL OR id > $5)))
           AND ($6 IS NULL OR action_date <= $6)
         ORDER BY action_date, id
         LIMIT $7",
    )
    // No LIKE: a `%` or `_` in the filter is a character, not a wildcard; and one
    // comparison, case-sensitive on SQLite and PostgreSQL alike, of capitals.
    .bind(filter.jurisdiction.as_deref().map(str::to_ascii_uppercase))
    .bind(&filter.industry)
    .bind(&filter.risk_level)
    .bind(&filter.date_from)
    .bind(&filter.after_id)
    .bind(&filter.date_to)
    .bind(i64::from(sql_limit.unwrap_or(u32::MAX)))
    .bind(&filter.id)
    .fetch_all(executor)
    .await?;
    let mut actions = Vec::new();
    for row in rows {
        let action = from_row(row)?;
        if filter.has_words(&action) {
            actions.push(action);
        }
    }
    actions.truncate(filter.limit.map_or(usize::MAX, |limit| limit as usize));
    Ok(actions)
}

/// A search: at most `filter.limit` actions, and whether more match past them.
pub async fn search(db: &Db, filter: &Filter) -> anyhow::Result<EnforcementList> {
    let limit = filter.limit.map_or(usize::MAX, |limit| limit as usize);
    // One more than asked tells whether there are more.
    let one_more = Filter { limit: filter.limit.map(|limit| limit.saturating_add(1)), ..filter.clone() };
    let mut actions = stored(db.pool(), &one_more).await?;
    let more = actions.len() > limit;
    actions.truncate(limit);
    Ok(EnforcementList { count: actions.len(), more, actions })
}

fn from_row(row: ActionRow) -> anyhow::Result<EnforcementAction> {
    let (id, agency, jurisdiction, date, respondent, industry, violation, penalty_amount, penalty_currency) =
        (row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7, row.8);
    let (status, risk_level, source_url, source_title, search_terms, contract_impact, as_of) =
        (row.9, row.10, row.11, row.12, row.13, row.14, row.15);
    Ok(EnforcementAction {
        search_terms: serde_json::from_str(&search_terms).context("stored search terms are not a JSON list")?,
        id,
        agency,
        jurisdiction,
        date,
        respondent,
        industry,
        violation,
        penalty_amount,
        penalty_currency,
        status,
        risk_level,
        source_url,
        source_title,
        contract_impact,
        as_of,
    })
}

/// One action by id.
pub async fn find(db: &Db, id: &str) -> anyhow::Result<Option<EnforcementAction>> {
    let filter = Filter { id: Some(id.to_owned()), ..Filter::default() };
    Ok(stored(db.pool(), &filter).await?.into_iter().next())
}

/// A search's answer.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct EnforcementList {
    /// Oldest first, by date then id.
    pub actions: Vec<EnforcementAction>,
    pub count: usize,
    /// More actions match past these: ask again with the last one's date as `date_from`
    /// and its id as `after_id`.
    pub more: bool,
}

/// Counts of the stored actions.
#[derive(Debug, Default, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Stats {
    pub total: usize,
    pub by_jurisdiction: BTreeMap<String, usize>,
    pub by_agency: BTreeMap<String, usize>,
    pub by_industry: BTreeMap<String, usize>,
    pub by_year: BTreeMap<String, usize>,
    pub by_risk_level: BTreeMap<String, usize>,
}

pub async fn stats(db: &Db, filter: &Filter) -> anyhow::Result<Stats> {
    let mut stats = Stats::default();
    for action in stored(db.pool(), filter).await? {
        stats.total += 1;
        *stats.by_jurisdiction.entry(action.jurisdiction).or_default() += 1;
        *stats.by_agency.entry(action.agency).or_default() += 1;
        *stats.by_industry.entry(action.industry).or_default() += 1;
        *stats.by_year.entry(action.date[..4].to_owned()).or_default() += 1;
        *stats.by_risk_level.entry(action.risk_level).or_default() += 1;
    }
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn action(id: &str, jurisdiction: &str, date: &str) -> EnforcementAction {
        EnforcementAction {
            id: id.into(),
            agency: "Test Agency (test data)".into(),
            jurisdiction: jurisdiction.into(),
            date: date.into(),
            respondent: "Example Respondent (test data)".into(),
            industry: "retail".into(),
            violation: "test data".into(),
            penalty_amount: Some(1000.0),
            penalty_currency: Some("USD".into()),
            status: "final".into(),
            risk_level: "low".into(),
            source_url: "https://agency.example/release".into(),
            source_title: "Release".into(),
            search_terms: vec!["breach notification".into()],
            contract_impact: "test data".into(),
            as_of: "2026-11-24".into(),
        }
    }

    #[test]
    fn every_record_needs_a_source_a_date_and_a_jurisdiction() {
        assert!(check(&action("a", "US-CA", "2024-01-02")).is_empty());
        assert!(check(&action("a", "EU", "2024-01-02")).is_empty());
        let mut no_source = action("a", "US", "2024-01-02");
        no_source.source_url = String::new();
        assert!(!check(&no_source).is_empty());
        assert!(!check(&action("a", "US", "2024-13-02")).is_empty());
        assert!(!check(&action("a", "usa", "2024-01-02")).is_empty());
        let mut half_penalty = action("a", "US", "2024-01-02");
        half_penalty.penalty_currency = None;
        assert!(!check(&half_penalty).is_empty());
    }

    const CSV_HEADER: &str = "id,agency,jurisdiction,date,respondent,industry,violation,penalty_amount,\
        penalty_currency,status,risk_level,source_url,source_title,search_terms,contract_impact,as_of";

    #[test]
    fn a_csv_file_reads_as_its_json_twin() {
        let folder = tempfile::tempdir().unwrap();
        let csv = folder.path().join("more.csv");
        std::fs::write(
            &csv,
            format!(
                "{CSV_HEADER}\n\
                 a,Test Agency (test data),US-CA,2024-01-02,Example Respondent (test data),retail,test data,1000,USD,\
                 final,low,https://agency.example/release,Release,breach notification,test data,2026-11-24\n\
                 b,Test Agency (test data),GB,2024-02-03,Example Respondent (test data),retail,test data,,,\
                 final,low,https://agency.example/release,Release,\"audit rights; deletion, on request\",test data,2026-11-24\n"
            ),
        )
        .unwrap();
        let actions = read_file(&csv).unwrap();
        assert_eq!(actions[0], action("a", "US-CA", "2024-01-02"));
        assert_eq!((actions[1].penalty_amount, actions[1].penalty_currency.as_deref()), (None, None));
        assert_eq!(actions[1].search_terms, ["audit rights", "deletion, on request"]);
    }

    #[test]
    fn every_problem_of_a_file_is_named_at_once() {
        let folder = tempfile::tempdir().unwrap();
        let csv = folder.path().join("bad.csv");
        std::fs::write(
            &csv,
            format!(
                "{CSV_HEADER}\n\
                 a,Agency,USA,2024-01-02,Respondent,retail,v,1000,USD,final,low,https://a.example,T,t,c,2026-11-24\n\
                 b,Agency,US,2024-01-02,Respondent,retail,v,lots,USD,final,low,https://a.example,T,t,c,2026-11-24\n\
                 c,Agency,US,2024-01-02\n\
                 a,Agency,US,2024-01-02,Respondent,retail,v,1000,USD,final,low,https://a.example,T,t,c,2026-11-24\n\
                 d,Agency,US,2024-01-02,Respondent,shipping,v,1000,USD,final,low,https://a.example,T,t,c,2026-11-24\n"
            ),
        )
        .unwrap();
        // The same lines whatever the line ends: CRLF is RFC 4180's own (and a
        // spreadsheet's export).
        let lf = std::fs::read_to_string(&csv).unwrap();
        let crlf = folder.path().join("bad-crlf.csv");
        std::fs::write(&crlf, lf.replace('\n', "\r\n")).unwrap();
        for file in [&csv, &crlf] {
            let message = format!("{:#}", read_file(file).unwrap_err());
            assert!(message.contains("has 5 problem(s)"), "{message}");
            for expected in [
                "line 2: `jurisdiction` `USA`",
                "line 3: column 8",
                "line 4: 4 columns where the header has 16",
                "line 5: the id `a` appears more than once",
                "line 6: `industry` `shipping`",
            ] {
                assert!(message.contains(expected), "{expected} not in:\n{message}");
            }
        }
        let json = folder.path().join("bad.json");
        let mut bad = action("x", "US", "2024-01-02");
        bad.source_url = "ftp://nowhere".into();
        bad.industry = "shipping".into();
        let file = serde_json::json!({"as_of": "someday", "compiled_by": "test", "actions": [bad]});
        std::fs::write(&json, file.to_string()).unwrap();
        let message = format!("{:#}", read_file(&json).unwrap_err());
        assert!(message.contains("`as_of` is not a date") && message.contains("action `x`: `source_url`"), "{message}");
        // Every problem of one action, not the first alone.
        assert!(message.contains("action `x`: `industry` `shipping`"), "{message}");
    }

    /// The shipped data pack: every record passes `check` (a source, a date, a
    /// jurisdiction, documented values) and ids are unique.
    #[test]
    fn the_data_pack_reads() {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
        let actions = read_data_pack(&data).unwrap();
        for action in &actions {
            assert!(action.source_url.starts_with("http"), "{}", action.id);
            assert!(Date::parse(&action.date).is_some(), "{}", action.id);
            assert!(is_jurisdiction(&action.jurisdiction), "{}", action.id);
        }
        // The floor: at least 100 actions across at least 10 jurisdictions.
        let jurisdictions: BTreeSet<&str> = actions.iter().map(|action| action.jurisdiction.as_str()).collect();
        assert!(actions.len() >= 100, "{} actions", actions.len());
        assert!(jurisdictions.len() >= 10, "{jurisdictions:?}");
    }

    #[tokio::test]
    async fn polling_from_the_newest_seen_gets_only_what_is_new_in_a_stable_order() {
        let folder = tempfile::tempdir().unwrap();
        let db = Db::connect(&format!("sqlite://{}", folder.path().join("e.db").display())).await.unwrap();
        db.migrate().await.unwrap();
        let mut wanted = vec![
            action("b", "US-CA", "2024-03-01"),
            action("a", "US-CA", "2024-03-01"),
            action("c", "GB", "2024-05-01"),
            action("d", "US", "2023-01-01"),
        ];
        wanted.sort_by(|x, y| (&x.date, &x.id).cmp(&(&y.date, &y.id)));
        let mut connection = db.pool().acquire().await.unwrap();
        assert!(sync(&mut connection, &wanted).await.unwrap());
        assert!(!sync(&mut connection, &wanted).await.unwrap(), "a second sync changes nothing");
        drop(connection);
        let ids = |actions: Vec<EnforcementAction>| actions.into_iter().map(|a| a.id).collect::<Vec<_>>();
        let all = stored(db.pool(), &Filter::default()).await.unwrap();
        assert_eq!(ids(all), ["d", "a", "b", "c"]);
        // A client that has seen up to `a` of 2024-03-01 asks for what came after it.
        let after = Filter { date_from: Some("2024-03-01".into()), after_id: Some("a".into()), ..Filter::default() };
        assert_eq!(ids(stored(db.pool(), &after).await.unwrap()), ["b", "c"]);
        let from = Filter { date_from: Some("2024-03-01".into()), ..Filter::default() };
        assert_eq!(ids(stored(db.pool(), &from).await.unwrap()), ["a", "b", "c"]);
        let us = Filter { jurisdiction: Some("US".into()), ..Filter::default() };
        assert_eq!(ids(stored(db.pool(), &us).await.unwrap()), ["d", "a", "b"]);
        // Exact or a country's subdivisions, in any case; no wildcards, no partial codes.
        let only = |code: &str| Filter { jurisdiction: Some(code.into()), ..Filter::default() };
        for (code, wanted) in [
            ("us", &["d", "a", "b"][..]),
            ("us-ca", &["a", "b"]),
            ("US-CA", &["a", "b"]),
            ("gb", &["c"]),
            ("U", &[]),
            ("U_", &[]),
            ("%", &[]),
            ("US-%", &[]),
            ("US-C", &[]),
        ] {
            assert_eq!(ids(stored(db.pool(), &only(code)).await.unwrap()), wanted, "{code}");
        }
        let limited = Filter { limit: Some(1), ..from };
        assert_eq!(ids(stored(db.pool(), &limited).await.unwrap()), ["a"]);
        let stats = stats(&db, &Filter::default()).await.unwrap();
        assert_eq!((stats.total, stats.by_jurisdiction["US-CA"], stats.by_year["2024"]), (4, 2, 3));
        assert_eq!(find(&db, "c").await.unwrap().unwrap().jurisdiction, "GB");
    }
}
