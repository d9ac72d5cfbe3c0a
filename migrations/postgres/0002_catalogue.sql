-- The rest of the catalogue: stored court holidays, extracted rules with their
-- full-text index, and the source documents (metadata and the PDF bytes).
-- PostgreSQL twin of migrations/sqlite/0002_catalogue.sql (types as in 0001). The full-
-- text index is a table of the same name and columns as SQLite's FTS5 table, with a
-- generated tsvector column and a GIN index over it (store/extracted.rs searches it).

-- Holidays that cannot be computed: one-off closures (`closures.json`) and state-court
-- calendars (`holidays/state/*.json`). `district_id` is a court, or `*federal*` for a
-- closure that concerns every federal court. Federal legal holidays are computed at
-- request time (engine `calendar`) and never stored.
CREATE TABLE court_holidays (
    district_id     TEXT COLLATE "C" NOT NULL,
    holiday_date    TEXT COLLATE "C" NOT NULL,
    holiday_name    TEXT COLLATE "C" NOT NULL,
    calendar_year   BIGINT NOT NULL,
    source_url      TEXT COLLATE "C" NOT NULL,
    last_checked_at TEXT COLLATE "C" NOT NULL,
    kind            TEXT COLLATE "C" NOT NULL CHECK (kind IN ('presidential_closure', 'court_closure', 'state_calendar')),
    PRIMARY KEY (district_id, holiday_date, holiday_name)
);

-- Raw extracted rules (`extracted_rules/*.json`), in file order. `content` is the
-- spec's `content` object as JSON text, returned whole.
CREATE TABLE extracted_rules (
    rule_id             TEXT COLLATE "C" PRIMARY KEY,
    district_id         TEXT COLLATE "C" NOT NULL REFERENCES courts (district_id) ON DELETE CASCADE,
    judge_slug          TEXT COLLATE "C" NOT NULL,
    position            BIGINT NOT NULL,
    source_url          TEXT COLLATE "C" NOT NULL,
    source_url_key      TEXT COLLATE "C" NOT NULL,
    document_version_id TEXT COLLATE "C" NOT NULL,
    doc_kind            TEXT COLLATE "C" NOT NULL,
    logic_type          TEXT COLLATE "C" NOT NULL,
    workflow_phase      TEXT COLLATE "C" NOT NULL,
    content             TEXT COLLATE "C" NOT NULL
);

CREATE INDEX extracted_rules_by_court ON extracted_rules (district_id, judge_slug, position);

-- The case types a rule is limited to; a rule without rows here applies to every case type.
CREATE TABLE extracted_rule_case_types (
    rule_id   TEXT COLLATE "C" NOT NULL REFERENCES extracted_rules (rule_id) ON DELETE CASCADE,
    case_type TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (rule_id, case_type)
);

-- The full-text index behind `q`: one row per rule, written by the seeder. The text
-- configuration `courtrules` stems English words (Snowball) and, unlike `english`,
-- drops no stop words, as SQLite's porter tokenizer keeps every word.
CREATE TEXT SEARCH DICTIONARY courtrules_stem (TEMPLATE = snowball, LANGUAGE = english);
CREATE TEXT SEARCH CONFIGURATION courtrules (COPY = english);
ALTER TEXT SEARCH CONFIGURATION courtrules
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
    WITH courtrules_stem;

CREATE TABLE extracted_rules_fts (
    rule_id     TEXT COLLATE "C" PRIMARY KEY,
    summary     TEXT,
    source_text TEXT,
    tags        TEXT,
    structured  TEXT,
    citation    TEXT,
    document    tsvector GENERATED ALWAYS AS (
        to_tsvector('courtrules'::regconfig,
            coalesce(summary, '') || ' ' || coalesce(source_text, '') || ' ' || coalesce(tags, '') || ' '
            || coalesce(structured, '') || ' ' || coalesce(citation, ''))
    ) STORED
);

CREATE INDEX extracted_rules_fts_document ON extracted_rules_fts USING GIN (document);

-- Source documents (`documents/index.json`). The bytes are stored once per SHA-256 in
-- `document_files`, so every replica sharing the database serves the same PDFs.
CREATE TABLE documents (
    id             TEXT COLLATE "C" PRIMARY KEY,
    position       BIGINT NOT NULL,
    title          TEXT COLLATE "C" NOT NULL,
    kind           TEXT COLLATE "C" NOT NULL,
    district_id    TEXT COLLATE "C" REFERENCES courts (district_id) ON DELETE CASCADE,
    judge_slug     TEXT COLLATE "C",
    source_url     TEXT COLLATE "C" NOT NULL,
    version_id     TEXT COLLATE "C" NOT NULL,
    retrieved_date TEXT COLLATE "C" NOT NULL,
    sha256         TEXT COLLATE "C" NOT NULL,
    page_count     BIGINT NOT NULL,
    byte_size      BIGINT NOT NULL,
    file_name      TEXT COLLATE "C" NOT NULL,
    sample         BIGINT NOT NULL
);

CREATE TABLE document_files (
    sha256 TEXT COLLATE "C" PRIMARY KEY,
    bytes  BYTEA NOT NULL
);
