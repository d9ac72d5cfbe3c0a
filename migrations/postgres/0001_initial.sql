-- PostgreSQL twin of migrations/sqlite/0001_initial.sql: the same tables, columns and
-- keys, with the types the `Any` driver reads back as SQLite's are read: BIGINT for
-- INTEGER (a 64-bit integer either way), DOUBLE PRECISION for REAL, BYTEA for BLOB,
-- and every text column `COLLATE "C"` so it sorts by code point as SQLite does,
-- whatever the database's locale (answers list in the same order on both backends).
-- The court catalogue, the judge rosters, the compliance-profile rule layers and the
-- API keys. Flags are 0/1.

CREATE TABLE courts (
    district_id     TEXT COLLATE "C" PRIMARY KEY,
    name            TEXT COLLATE "C" NOT NULL,
    kind            TEXT COLLATE "C" NOT NULL,
    circuit         TEXT COLLATE "C",
    state           TEXT COLLATE "C",
    status          TEXT COLLATE "C" NOT NULL CHECK (status IN ('live', 'coming_soon', 'preview')),
    citation_string TEXT COLLATE "C",
    url             TEXT COLLATE "C",
    courts_db_id    TEXT COLLATE "C"
);

-- Other ids naming the same court (`nyed` for `edny`).
CREATE TABLE court_aliases (
    alias       TEXT COLLATE "C" PRIMARY KEY,
    district_id TEXT COLLATE "C" NOT NULL REFERENCES courts (district_id) ON DELETE CASCADE
);

-- The roster. Filled from the compliance profiles today; a roster importer can add
-- judges without standing orders and fill bio/chambers/profile_url.
CREATE TABLE judges (
    district_id TEXT COLLATE "C" NOT NULL REFERENCES courts (district_id) ON DELETE CASCADE,
    slug        TEXT COLLATE "C" NOT NULL,
    name        TEXT COLLATE "C" NOT NULL,
    judge_type  TEXT COLLATE "C" CHECK (judge_type IN ('district', 'magistrate', 'senior')),
    bio         TEXT COLLATE "C",
    chambers    TEXT COLLATE "C",
    profile_url TEXT COLLATE "C",
    sample      BIGINT NOT NULL DEFAULT 0,
    position    BIGINT NOT NULL,
    PRIMARY KEY (district_id, slug)
);

-- A district with a compliance profile: its national and local layers' headers.
CREATE TABLE compliance_profiles (
    district_id     TEXT COLLATE "C" PRIMARY KEY REFERENCES courts (district_id) ON DELETE CASCADE,
    format_version  BIGINT NOT NULL,
    profile_version TEXT COLLATE "C" NOT NULL,
    district_name   TEXT COLLATE "C" NOT NULL
);

CREATE TABLE rule_layers (
    district_id    TEXT COLLATE "C" NOT NULL REFERENCES compliance_profiles (district_id) ON DELETE CASCADE,
    layer          TEXT COLLATE "C" NOT NULL CHECK (layer IN ('national', 'local')),
    title          TEXT COLLATE "C" NOT NULL,
    source_url     TEXT COLLATE "C" NOT NULL,
    effective_date TEXT COLLATE "C",
    PRIMARY KEY (district_id, layer)
);

CREATE TABLE standing_orders (
    district_id    TEXT COLLATE "C" NOT NULL,
    judge_slug     TEXT COLLATE "C" NOT NULL,
    title          TEXT COLLATE "C" NOT NULL,
    source_url     TEXT COLLATE "C" NOT NULL,
    effective_date TEXT COLLATE "C",
    sample         BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (district_id, judge_slug),
    FOREIGN KEY (district_id, judge_slug) REFERENCES judges (district_id, slug) ON DELETE CASCADE
);

-- One rule of one layer. `judge_slug` is '' for the national and local layers.
-- `applies_to` and `params` are the profile format's objects as JSON text: sparse,
-- typed by the engine, and read back whole.
CREATE TABLE rules (
    district_id TEXT COLLATE "C" NOT NULL REFERENCES courts (district_id) ON DELETE CASCADE,
    layer       TEXT COLLATE "C" NOT NULL CHECK (layer IN ('national', 'local', 'standing_order')),
    judge_slug  TEXT COLLATE "C" NOT NULL DEFAULT '',
    position    BIGINT NOT NULL,
    rule_key    TEXT COLLATE "C" NOT NULL,
    category    TEXT COLLATE "C" NOT NULL,
    citation    TEXT COLLATE "C" NOT NULL,
    label       TEXT COLLATE "C" NOT NULL,
    summary     TEXT COLLATE "C" NOT NULL,
    severity    TEXT COLLATE "C" NOT NULL CHECK (severity IN ('CRITICAL', 'WARNING', 'INFO')),
    applies_to  TEXT COLLATE "C",
    params      TEXT COLLATE "C",
    source_text TEXT COLLATE "C" NOT NULL,
    source_url  TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (district_id, layer, judge_slug, rule_key)
);

-- API keys: only a SHA-256 of the secret is kept. `all_districts` = 1 is the `all`
-- plan; otherwise the plan is the key's rows in api_key_districts.
CREATE TABLE api_keys (
    id            TEXT COLLATE "C" PRIMARY KEY,
    name          TEXT COLLATE "C" NOT NULL,
    secret_sha256 TEXT COLLATE "C" NOT NULL,
    all_districts BIGINT NOT NULL,
    created_at    TEXT COLLATE "C" NOT NULL,
    revoked_at    TEXT COLLATE "C"
);

CREATE TABLE api_key_districts (
    key_id      TEXT COLLATE "C" NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
    district_id TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (key_id, district_id)
);

-- Counters bumped by every change to a kind of data ('catalogue', 'keys'), so running
-- servers notice a `seed` or `keys revoke` made by another process and drop caches.
CREATE TABLE data_versions (
    name    TEXT COLLATE "C" PRIMARY KEY,
    version BIGINT NOT NULL
);

INSERT INTO data_versions (name, version) VALUES ('catalogue', 0), ('keys', 0);
