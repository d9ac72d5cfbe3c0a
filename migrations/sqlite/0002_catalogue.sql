-- The rest of the catalogue: stored court holidays, extracted rules with their
-- full-text index, and the source documents (metadata and the PDF bytes).
-- Portable SQL except the FTS5 table, which is SQLite's full-text index; PostgreSQL
-- will use a tsvector column instead (see `Db::search_extracted_rules`).

-- Holidays that cannot be computed: one-off closures (`closures.json`) and state-court
-- calendars (`holidays/state/*.json`). `district_id` is a court, or `*federal*` for a
-- closure that concerns every federal court. Federal legal holidays are computed at
-- request time (engine `calendar`) and never stored.
CREATE TABLE court_holidays (
    district_id     TEXT NOT NULL,
    holiday_date    TEXT NOT NULL,
    holiday_name    TEXT NOT NULL,
    calendar_year   INTEGER NOT NULL,
    source_url      TEXT NOT NULL,
    last_checked_at TEXT NOT NULL,
    kind            TEXT NOT NULL CHECK (kind IN ('presidential_closure', 'court_closure', 'state_calendar')),
    PRIMARY KEY (district_id, holiday_date, holiday_name)
);

-- Raw extracted rules (`extracted_rules/*.json`), in file order. `content` is the
-- spec's `content` object as JSON text, returned whole.
CREATE TABLE extracted_rules (
    rule_id             TEXT PRIMARY KEY,
    district_id         TEXT NOT NULL REFERENCES courts (district_id) ON DELETE CASCADE,
    judge_slug          TEXT NOT NULL,
    position            INTEGER NOT NULL,
    source_url          TEXT NOT NULL,
    source_url_key      TEXT NOT NULL,
    document_version_id TEXT NOT NULL,
    doc_kind            TEXT NOT NULL,
    logic_type          TEXT NOT NULL,
    workflow_phase      TEXT NOT NULL,
    content             TEXT NOT NULL
);

CREATE INDEX extracted_rules_by_court ON extracted_rules (district_id, judge_slug, position);

-- The case types a rule is limited to; a rule without rows here applies to every case type.
CREATE TABLE extracted_rule_case_types (
    rule_id   TEXT NOT NULL REFERENCES extracted_rules (rule_id) ON DELETE CASCADE,
    case_type TEXT NOT NULL,
    PRIMARY KEY (rule_id, case_type)
);

-- The full-text index behind `q`: one row per rule, written by the seeder.
CREATE VIRTUAL TABLE extracted_rules_fts USING fts5 (
    rule_id UNINDEXED,
    summary,
    source_text,
    tags,
    structured,
    citation,
    tokenize = 'porter unicode61 remove_diacritics 2'
);

-- Source documents (`documents/index.json`). The bytes are stored once per SHA-256 in
-- `document_files`, so every replica sharing the database serves the same PDFs.
CREATE TABLE documents (
    id             TEXT PRIMARY KEY,
    position       INTEGER NOT NULL,
    title          TEXT NOT NULL,
    kind           TEXT NOT NULL,
    district_id    TEXT REFERENCES courts (district_id) ON DELETE CASCADE,
    judge_slug     TEXT,
    source_url     TEXT NOT NULL,
    version_id     TEXT NOT NULL,
    retrieved_date TEXT NOT NULL,
    sha256         TEXT NOT NULL,
    page_count     INTEGER NOT NULL,
    byte_size      INTEGER NOT NULL,
    file_name      TEXT NOT NULL,
    sample         INTEGER NOT NULL
);

CREATE TABLE document_files (
    sha256 TEXT PRIMARY KEY,
    bytes  BLOB NOT NULL
);
