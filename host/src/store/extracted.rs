//! Extracted rules: raw rules with provenance (`data/extracted_rules/*.json`), each
//! quoting its source document verbatim. Stored as rows plus a full-text index, and
//! searched here (SQLite FTS5 today; see "Full-text search" below).

use super::datapack::{json_files, read_json};
use super::db::{Backend, Db};
use anyhow::bail;
use serde::{Deserialize, Serialize};
use sqlx::AssertSqlSafe;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use utoipa::ToSchema;

/// One extracted rule, as the spec's "Extracted rule" resource.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExtractedRule {
    /// UUID of the rule.
    #[schema(format = "uuid")]
    pub rule_id: String,
    pub district_id: String,
    /// Judge, calendar, department or courtroom slug; `court` for a court-level rule.
    pub judge_slug: String,
    /// Official source of the rule.
    pub source_url: String,
    /// Short key of the source.
    pub source_url_key: String,
    /// The source document version the rule was extracted from (`version_id` in
    /// `GET /api/v1/documents`).
    #[schema(format = "uuid")]
    pub document_version_id: String,
    /// Kind of source document: `local_rules`, `court_rules`, `statute`, `standing_order`, …
    pub doc_kind: String,
    /// Structured rule type, e.g. `FilingTimingRule`, `WordLimitRule`.
    pub logic_type: String,
    /// e.g. `FILING`, `CASE_INITIATION`, `MOTION_PRACTICE`.
    pub workflow_phase: String,
    /// Case types the rule is limited to; empty when it applies to every case type.
    #[serde(default)]
    pub case_types: Vec<String>,
    pub content: RuleContent,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleContent {
    /// Verbatim text of the official document.
    pub source_text: String,
    pub summary: String,
    pub rule_tags: Vec<String>,
    pub workflow_phase: String,
    /// e.g. `CRITICAL`, `WARNING`, `INFO`.
    pub visual_severity: String,
    pub structured_data: StructuredData,
    /// Where in the source the rule is, when captured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub citation_source: Option<CitationSource>,
}

/// The rule in structured form: `logic_type` and `description`, and keys that vary
/// with the rule type (`max_words`, `days`, `applies_to`, …).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct StructuredData {
    pub logic_type: String,
    pub description: String,
    #[serde(flatten)]
    pub more: serde_json::Map<String, serde_json::Value>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CitationSource {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    #[serde(flatten)]
    pub more: serde_json::Map<String, serde_json::Value>,
}

impl ExtractedRule {
    /// The document scopes and motion types the rule is limited to (its
    /// `structured_data.applies_to`), each `None` when unlimited.
    pub fn applies_to(&self, field: &str) -> Option<Vec<&str>> {
        let values = self.content.structured_data.more.get("applies_to")?.get(field)?.as_array()?;
        Some(values.iter().filter_map(serde_json::Value::as_str).collect())
    }

    /// The text the full-text index holds for the rule.
    fn search_document(&self) -> SearchDocument {
        let content = &self.content;
        let mut structured = String::new();
        flatten_json(&serde_json::to_value(&content.structured_data).unwrap_or_default(), &mut structured);
        let mut citation = String::new();
        if let Some(source) = &content.citation_source {
            flatten_json(&serde_json::to_value(source).unwrap_or_default(), &mut citation);
        }
        SearchDocument {
            rule_id: self.rule_id.clone(),
            summary: content.summary.clone(),
            source_text: content.source_text.clone(),
            tags: content.rule_tags.join(" "),
            structured,
            citation,
        }
    }
}

/// Keys and values of a JSON value as words (`max_words 8750 …`).
fn flatten_json(value: &serde_json::Value, out: &mut String) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, value) in map {
                out.push_str(key);
                out.push(' ');
                flatten_json(value, out);
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|item| flatten_json(item, out)),
        serde_json::Value::String(text) => {
            out.push_str(text);
            out.push(' ');
        }
        serde_json::Value::Null => {}
        other => {
            out.push_str(&other.to_string());
            out.push(' ');
        }
    }
}

/// One rule's row in the full-text index.
struct SearchDocument {
    pub rule_id: String,
    pub summary: String,
    pub source_text: String,
    pub tags: String,
    pub structured: String,
    pub citation: String,
}

/// The `judge_slug` of a court-level rule.
pub const COURT_LEVEL: &str = courtrules_engine::model::COURT_JUDGE_SLUG;

/// What `GET /api/v1/extracted-rules` asks for, checked and resolved by the handler.
#[derive(Clone, Debug, Default)]
pub struct RuleSearch {
    /// Only these districts (`None`: all of them).
    pub districts: Option<Vec<String>>,
    /// Only this judge's rules (`court`: court-level rules only)…
    pub judge_slug: Option<String>,
    /// …and the court-level rules of these districts.
    pub court_rules_of: Vec<String>,
    pub logic_type: Option<String>,
    pub workflow_phase: Option<String>,
    pub case_type: Option<String>,
    /// Full-text terms, every one required; each is a phrase of one or more words.
    pub terms: Vec<Vec<String>>,
    pub limit: usize,
}

/// The most terms `q` may bring to one query.
pub const MAX_TERMS: usize = 32;

/// `q` as terms: quoted parts are phrases, other words single terms; words are runs of
/// letters and digits (the index's own tokenizer splits on everything else), so no
/// input can form search-engine syntax.
pub fn parse_terms(q: &str) -> Vec<Vec<String>> {
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_alphanumeric()).filter(|word| !word.is_empty()).map(str::to_lowercase).collect()
    };
    let mut terms = Vec::new();
    for (index, part) in q.split('"').enumerate() {
        if index % 2 == 1 {
            let phrase = words(part);
            if !phrase.is_empty() {
                terms.push(phrase);
            }
        } else {
            terms.extend(words(part).into_iter().map(|word| vec![word]));
        }
    }
    terms.truncate(MAX_TERMS);
    terms
}

/// The rules a search selects, in the database's order (best match first when there
/// are terms, else by court and file order).
pub async fn search(db: &Db, search: &RuleSearch) -> anyhow::Result<Found> {
    let rows = search_rows(db, search).await?;
    // Each row carries the count of every row the search matched, before the limit.
    let matched = rows.first().map_or(0, |row| row.matched as usize);
    Ok(Found { rules: with_case_types(db, rows).await?, matched })
}

/// What a search found: at most `limit` rules, and how many matched it.
#[derive(Debug)]
pub struct Found {
    pub rules: Vec<ExtractedRule>,
    /// Every rule the search matched, `rules` and those past the limit.
    pub matched: usize,
}

/// A filter of the search matched exactly against a value the rules hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    LogicType,
    WorkflowPhase,
    CaseType,
}

/// The values the stored rules hold for a filter, sorted.
pub async fn held_values(db: &Db, filter: Held) -> anyhow::Result<Vec<String>> {
    let sql = match filter {
        Held::LogicType => "SELECT DISTINCT logic_type FROM extracted_rules ORDER BY logic_type",
        Held::WorkflowPhase => "SELECT DISTINCT workflow_phase FROM extracted_rules ORDER BY workflow_phase",
        Held::CaseType => "SELECT DISTINCT case_type FROM extracted_rule_case_types ORDER BY case_type",
    };
    let rows: Vec<(String,)> = sqlx::query_as(sql).fetch_all(db.pool()).await?;
    Ok(rows.into_iter().map(|(value,)| value).collect())
}

/// The districts with rules of this judge (calendar, department, courtroom).
pub async fn districts_of_judge(db: &Db, judge_slug: &str) -> anyhow::Result<Vec<String>> {
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT DISTINCT district_id FROM extracted_rules WHERE judge_slug = $1 ORDER BY district_id")
            .bind(judge_slug)
            .fetch_all(db.pool())
            .await?;
    Ok(rows.into_iter().map(|(district,)| district).collect())
}

/// Every rule of one district whose `judge_slug` is one of `judge_slugs`, in file order.
pub async fn of_district(db: &Db, district_id: &str, judge_slugs: &[&str]) -> anyhow::Result<Vec<ExtractedRule>> {
    let placeholders: Vec<String> = (0..judge_slugs.len()).map(|index| format!("${}", index + 2)).collect();
    let sql = format!(
        "SELECT {RULE_COLUMNS} FROM extracted_rules r WHERE r.district_id = $1 AND r.judge_slug IN ({})
         ORDER BY r.position",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_as::<_, RuleRow>(AssertSqlSafe(sql)).bind(district_id);
    for slug in judge_slugs {
        query = query.bind(*slug);
    }
    let rows = query.fetch_all(db.pool()).await?;
    with_case_types(db, rows).await
}

/// The columns of `RuleRow`, from `extracted_rules r`.
const RULE_COLUMNS: &str = "r.rule_id, r.district_id, r.judge_slug, r.source_url, r.source_url_key, \
     r.document_version_id, r.doc_kind, r.logic_type, r.workflow_phase, r.content";

/// A row of `extracted_rules` (`content` is the rule's content as JSON text).
#[derive(sqlx::FromRow)]
struct RuleRow {
    rule_id: String,
    district_id: String,
    judge_slug: String,
    source_url: String,
    source_url_key: String,
    document_version_id: String,
    doc_kind: String,
    logic_type: String,
    workflow_phase: String,
    content: String,
    /// In a search's rows: how many rows the search matched (`COUNT(*) OVER ()`).
    #[sqlx(default)]
    matched: i64,
}

impl RuleRow {
    fn into_rule(self, case_types: Vec<String>) -> anyhow::Result<ExtractedRule> {
        Ok(ExtractedRule {
            content: serde_json::from_str(&self.content)?,
            case_types,
            rule_id: self.rule_id,
            district_id: self.district_id,
            judge_slug: self.judge_slug,
            source_url: self.source_url,
            source_url_key: self.source_url_key,
            document_version_id: self.document_version_id,
            doc_kind: self.doc_kind,
            logic_type: self.logic_type,
            workflow_phase: self.workflow_phase,
        })
    }
}

async fn with_case_types(db: &Db, rows: Vec<RuleRow>) -> anyhow::Result<Vec<ExtractedRule>> {
    let mut case_types: BTreeMap<String, Vec<String>> = BTreeMap::new();
    if !rows.is_empty() {
        let placeholders: Vec<String> = (1..=rows.len()).map(|index| format!("${index}")).collect();
        let sql = format!(
            "SELECT rule_id, case_type FROM extracted_rule_case_types WHERE rule_id IN ({}) ORDER BY rule_id, case_type",
            placeholders.join(", ")
        );
        let mut query = sqlx::query_as::<_, (String, String)>(AssertSqlSafe(sql));
        for row in &rows {
            query = query.bind(&row.rule_id);
        }
        for (rule_id, case_type) in query.fetch_all(db.pool()).await? {
            case_types.entry(rule_id).or_default().push(case_type);
        }
    }
    rows.into_iter()
        .map(|row| {
            let types = case_types.remove(&row.rule_id).unwrap_or_default();
            row.into_rule(types)
        })
        .collect()
}

// ---- the data pack -------------------------------------------------------------

#[derive(Deserialize)]
struct RulesFile {
    district_id: String,
    rules: Vec<ExtractedRule>,
}

/// Reads every `extracted_rules/*.json`: rules in file order (files in name order),
/// each of a known court and citing a document version the data pack holds.
pub fn read_data_pack(
    data_dir: &Path,
    known_courts: &BTreeSet<&str>,
    document_versions: &BTreeSet<String>,
) -> anyhow::Result<Vec<ExtractedRule>> {
    let mut rules = Vec::new();
    let mut ids = BTreeSet::new();
    for path in json_files(&data_dir.join("extracted_rules"))? {
        let file: RulesFile = read_json(&path)?;
        if !known_courts.contains(file.district_id.as_str()) {
            bail!("{}: `{}` is not a court in courts.json", path.display(), file.district_id);
        }
        for mut rule in file.rules {
            let at = || format!("{}: rule {}", path.display(), rule.rule_id);
            if rule.district_id != file.district_id {
                bail!("{}: district `{}` in the file of `{}`", at(), rule.district_id, file.district_id);
            }
            if !document_versions.contains(&rule.document_version_id) {
                bail!("{}: document version {} is not in documents/index.json", at(), rule.document_version_id);
            }
            if rule.content.structured_data.logic_type != rule.logic_type {
                bail!("{}: structured_data.logic_type differs from logic_type", at());
            }
            if !ids.insert(rule.rule_id.clone()) {
                bail!("{}: the rule id is used twice", at());
            }
            rule.case_types.sort();
            rule.case_types.dedup();
            rules.push(rule);
        }
    }
    rules.sort_by(|a, b| a.district_id.cmp(&b.district_id));
    Ok(rules)
}

/// Replaces the stored rules and their index when the data pack's differ; true when
/// it wrote.
pub async fn sync(tx: &mut sqlx::AnyConnection, wanted: &[ExtractedRule]) -> anyhow::Result<bool> {
    let rows: Vec<RuleRow> = sqlx::query_as(AssertSqlSafe(format!(
        "SELECT {RULE_COLUMNS} FROM extracted_rules r ORDER BY r.district_id, r.position"
    )))
    .fetch_all(&mut *tx)
    .await?;
    let case_rows: Vec<(String, String)> =
        sqlx::query_as("SELECT rule_id, case_type FROM extracted_rule_case_types ORDER BY rule_id, case_type")
            .fetch_all(&mut *tx)
            .await?;
    let mut case_types: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (rule_id, case_type) in case_rows {
        case_types.entry(rule_id).or_default().push(case_type);
    }
    let stored: Option<Vec<ExtractedRule>> = rows
        .into_iter()
        .map(|row| {
            let types = case_types.remove(&row.rule_id).unwrap_or_default();
            row.into_rule(types).ok()
        })
        .collect();
    if stored.as_deref() == Some(wanted) {
        return Ok(false);
    }
    sqlx::query("DELETE FROM extracted_rule_case_types").execute(&mut *tx).await?;
    sqlx::query("DELETE FROM extracted_rules").execute(&mut *tx).await?;
    for (position, rule) in wanted.iter().enumerate() {
        sqlx::query(
            "INSERT INTO extracted_rules (rule_id, district_id, judge_slug, position, source_url, source_url_key,
                                          document_version_id, doc_kind, logic_type, workflow_phase, content)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        )
        .bind(&rule.rule_id)
        .bind(&rule.district_id)
        .bind(&rule.judge_slug)
        .bind(position as i64)
        .bind(&rule.source_url)
        .bind(&rule.source_url_key)
        .bind(&rule.document_version_id)
        .bind(&rule.doc_kind)
        .bind(&rule.logic_type)
        .bind(&rule.workflow_phase)
        .bind(serde_json::to_string(&rule.content)?)
        .execute(&mut *tx)
        .await?;
        for case_type in &rule.case_types {
            sqlx::query("INSERT INTO extracted_rule_case_types (rule_id, case_type) VALUES ($1, $2)")
                .bind(&rule.rule_id)
                .bind(case_type)
                .execute(&mut *tx)
                .await?;
        }
    }
    let documents: Vec<SearchDocument> = wanted.iter().map(ExtractedRule::search_document).collect();
    replace_search_index(tx, &documents).await?;
    Ok(true)
}

// ---- full-text search ------------------------------------------------------------
//
// Both backends keep a table `extracted_rules_fts` with the same columns, written by
// the seeder, and match every term of `q` (a word, or a quoted phrase of words):
// - SQLite: an FTS5 table (porter + unicode61 tokenizer), ranked with bm25.
// - PostgreSQL: a generated `tsvector` column with a GIN index (the `courtrules` text
//   configuration: Snowball English stems, no stop words dropped), each term a
//   `phraseto_tsquery`, ranked with `ts_rank_cd` (cover density).
// The contract is the same — every term must match, a phrase in order, best match
// first, ties by district and file order — but the two rankings weigh matches
// differently, so rules matching equally well can come in another order; and FTS5
// folds diacritics while PostgreSQL's configuration keeps them (docs/server.md).

/// A value bound to a query built at run time.
enum Bind {
    Text(String),
    Integer(i64),
}

/// Rewrites the full-text index of the extracted rules, inside the seeding transaction
/// that rewrote the rules.
async fn replace_search_index(tx: &mut sqlx::AnyConnection, documents: &[SearchDocument]) -> anyhow::Result<()> {
    sqlx::query("DELETE FROM extracted_rules_fts").execute(&mut *tx).await?;
    for document in documents {
        sqlx::query(
            "INSERT INTO extracted_rules_fts (rule_id, summary, source_text, tags, structured, citation)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&document.rule_id)
        .bind(&document.summary)
        .bind(&document.source_text)
        .bind(&document.tags)
        .bind(&document.structured)
        .bind(&document.citation)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// The rows a search selects: best match first when it has terms, otherwise by
/// district and file order; at most `search.limit`, each with the number matched.
async fn search_rows(db: &Db, search: &RuleSearch) -> anyhow::Result<Vec<RuleRow>> {
    let mut binds = Vec::new();
    let mut placeholder = |value: Bind| {
        binds.push(value);
        format!("${}", binds.len())
    };
    let mut sql = String::new();
    let mut order = String::from("r.district_id, r.position");
    if !search.terms.is_empty() {
        match db.backend() {
            Backend::Sqlite => {
                // Every term a quoted FTS5 string: words, or a phrase of words.
                let query: Vec<String> = search.terms.iter().map(|words| format!("\"{}\"", words.join(" "))).collect();
                let query = placeholder(Bind::Text(query.join(" ")));
                sql.push_str(&format!(
                    "WITH hits AS (SELECT rule_id, bm25(extracted_rules_fts) AS score FROM extracted_rules_fts
                                   WHERE extracted_rules_fts MATCH {query}) "
                ));
            }
            Backend::Postgres => {
                // One tsquery per term, all required; the rank negated so that, as with
                // bm25, lower is better.
                let query: Vec<String> = search
                    .terms
                    .iter()
                    .map(|words| {
                        let words = placeholder(Bind::Text(words.join(" ")));
                        format!("phraseto_tsquery('courtrules', {words})")
                    })
                    .collect();
                sql.push_str(&format!(
                    "WITH hits AS (SELECT rule_id, -ts_rank_cd(document, query) AS score
                                   FROM extracted_rules_fts, (SELECT {} AS query) terms
                                   WHERE document @@ query) ",
                    query.join(" && ")
                ));
            }
        }
        order = format!("hits.score, {order}");
    }
    // The window counts the rows before `LIMIT` takes the first of them.
    sql.push_str(&format!("SELECT {RULE_COLUMNS}, COUNT(*) OVER () AS matched FROM extracted_rules r "));
    if !search.terms.is_empty() {
        sql.push_str("JOIN hits ON hits.rule_id = r.rule_id ");
    }
    let mut conditions: Vec<String> = Vec::new();
    let list = |values: &[String], placeholder: &mut dyn FnMut(Bind) -> String| -> String {
        let items: Vec<String> = values.iter().map(|value| placeholder(Bind::Text(value.clone()))).collect();
        if items.is_empty() { "NULL".to_owned() } else { items.join(", ") }
    };
    if let Some(districts) = &search.districts {
        conditions.push(format!("r.district_id IN ({})", list(districts, &mut placeholder)));
    }
    if let Some(judge) = &search.judge_slug {
        let judge = placeholder(Bind::Text(judge.clone()));
        if search.court_rules_of.is_empty() {
            conditions.push(format!("r.judge_slug = {judge}"));
        } else {
            let courts = list(&search.court_rules_of, &mut placeholder);
            let court = placeholder(Bind::Text(COURT_LEVEL.to_owned()));
            conditions
                .push(format!("(r.judge_slug = {judge} OR (r.judge_slug = {court} AND r.district_id IN ({courts})))"));
        }
    }
    if let Some(logic_type) = &search.logic_type {
        conditions.push(format!("r.logic_type = {}", placeholder(Bind::Text(logic_type.clone()))));
    }
    if let Some(phase) = &search.workflow_phase {
        conditions.push(format!("r.workflow_phase = {}", placeholder(Bind::Text(phase.clone()))));
    }
    if let Some(case_type) = &search.case_type {
        let case_type = placeholder(Bind::Text(case_type.clone()));
        conditions.push(format!(
            "(NOT EXISTS (SELECT 1 FROM extracted_rule_case_types c WHERE c.rule_id = r.rule_id)
              OR EXISTS (SELECT 1 FROM extracted_rule_case_types c
                         WHERE c.rule_id = r.rule_id AND c.case_type IN ({case_type}, 'general')))"
        ));
    }
    if !conditions.is_empty() {
        sql.push_str(&format!("WHERE {} ", conditions.join(" AND ")));
    }
    let limit = placeholder(Bind::Integer(search.limit as i64));
    sql.push_str(&format!("ORDER BY {order} LIMIT {limit}"));
    let mut query = sqlx::query_as::<_, RuleRow>(AssertSqlSafe(sql));
    for bind in binds {
        query = match bind {
            Bind::Text(text) => query.bind(text),
            Bind::Integer(number) => query.bind(number),
        };
    }
    Ok(query.fetch_all(db.pool()).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn q_becomes_words_and_quoted_phrases_without_syntax() {
        assert_eq!(parse_terms("courtesy copies"), vec![vec!["courtesy"], vec!["copies"]]);
        assert_eq!(
            parse_terms(r#"word "notice of motion" x"#),
            vec![vec!["word".to_owned()], vec!["notice".into(), "of".into(), "motion".into()], vec!["x".into()]]
        );
        assert_eq!(parse_terms(r#"NEAR(a b) OR c* -d ^e "unbalanced"#), {
            let words = ["near", "a", "b", "or", "c", "d", "e", "unbalanced"];
            let mut terms: Vec<Vec<String>> = words[..7].iter().map(|w| vec![w.to_string()]).collect();
            terms.push(vec!["unbalanced".into()]);
            terms
        });
        assert!(parse_terms("  !!! \"\" \0 ").is_empty());
        assert_eq!(parse_terms(&"a ".repeat(100)).len(), MAX_TERMS);
    }

    #[test]
    fn structured_data_is_indexed_as_words() {
        let mut text = String::new();
        flatten_json(
            &serde_json::json!({"max_words": 8750, "applies_to": {"document_scopes": ["brief_reply"]}}),
            &mut text,
        );
        assert!(text.contains("max_words 8750") && text.contains("brief_reply"), "{text}");
    }
}
