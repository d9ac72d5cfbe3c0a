-- The court catalogue, the judge rosters, the compliance-profile rule layers and the
-- API keys. Portable SQL: TEXT and INTEGER columns only (flags are 0/1), ON CONFLICT
-- upserts, no backend functions; PostgreSQL gets its own copy under migrations/postgres
-- when it lands.

CREATE TABLE courts (
    district_id     TEXT PRIMARY KEY,
    name            TEXT NOT NULL,
    kind            TEXT NOT NULL,
    circuit         TEXT,
    state           TEXT,
    status          TEXT NOT NULL CHECK (status IN ('live', 'coming_soon', 'preview')),
    citation_string TEXT,
    url             TEXT,
    courts_db_id    TEXT
);

-- Other ids naming the same court (`nyed` for `edny`).
CREATE TABLE court_aliases (
    alias       TEXT PRIMARY KEY,
    district_id TEXT NOT NULL REFERENCES courts (district_id) ON DELETE CASCADE
);

-- The roster. Filled from the compliance profiles today; a roster importer can add
-- judges without standing orders and fill bio/chambers/profile_url.
CREATE TABLE judges (
    district_id TEXT NOT NULL REFERENCES courts (district_id) ON DELETE CASCADE,
    slug        TEXT NOT NULL,
    name        TEXT NOT NULL,
    judge_type  TEXT CHECK (judge_type IN ('district', 'magistrate', 'senior')),
    bio         TEXT,
    chambers    TEXT,
    profile_url TEXT,
    sample      INTEGER NOT NULL DEFAULT 0,
    position    INTEGER NOT NULL,
    PRIMARY KEY (district_id, slug)
);

-- A district with a compliance profile: its national and local layers' headers.
CREATE TABLE compliance_profiles (
    district_id     TEXT PRIMARY KEY REFERENCES courts (district_id) ON DELETE CASCADE,
    format_version  INTEGER NOT NULL,
    profile_version TEXT NOT NULL,
    district_name   TEXT NOT NULL
);

CREATE TABLE rule_layers (
    district_id    TEXT NOT NULL REFERENCES compliance_profiles (district_id) ON DELETE CASCADE,
    layer          TEXT NOT NULL CHECK (layer IN ('national', 'local')),
    title          TEXT NOT NULL,
    source_url     TEXT NOT NULL,
    effective_date TEXT,
    PRIMARY KEY (district_id, layer)
);

CREATE TABLE standing_orders (
    district_id    TEXT NOT NULL,
    judge_slug     TEXT NOT NULL,
    title          TEXT NOT NULL,
    source_url     TEXT NOT NULL,
    effective_date TEXT,
    sample         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (district_id, judge_slug),
    FOREIGN KEY (district_id, judge_slug) REFERENCES judges (district_id, slug) ON DELETE CASCADE
);

-- One rule of one layer. `judge_slug` is '' for the national and local layers.
-- `applies_to` and `params` are the profile format's objects as JSON text: sparse,
-- typed by the engine, and read back whole.
CREATE TABLE rules (
    district_id TEXT NOT NULL REFERENCES courts (district_id) ON DELETE CASCADE,
    layer       TEXT NOT NULL CHECK (layer IN ('national', 'local', 'standing_order')),
    judge_slug  TEXT NOT NULL DEFAULT '',
    position    INTEGER NOT NULL,
    rule_key    TEXT NOT NULL,
    category    TEXT NOT NULL,
    citation    TEXT NOT NULL,
    label       TEXT NOT NULL,
    summary     TEXT NOT NULL,
    severity    TEXT NOT NULL CHECK (severity IN ('CRITICAL', 'WARNING', 'INFO')),
    applies_to  TEXT,
    params      TEXT,
    source_text TEXT NOT NULL,
    source_url  TEXT NOT NULL,
    PRIMARY KEY (district_id, layer, judge_slug, rule_key)
);

-- API keys: only a SHA-256 of the secret is kept. `all_districts` = 1 is the `all`
-- plan; otherwise the plan is the key's rows in api_key_districts.
CREATE TABLE api_keys (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    secret_sha256 TEXT NOT NULL,
    all_districts INTEGER NOT NULL,
    created_at    TEXT NOT NULL,
    revoked_at    TEXT
);

CREATE TABLE api_key_districts (
    key_id      TEXT NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
    district_id TEXT NOT NULL,
    PRIMARY KEY (key_id, district_id)
);

-- Counters bumped by every change to a kind of data ('catalogue', 'keys'), so running
-- servers notice a `seed` or `keys revoke` made by another process and drop caches.
CREATE TABLE data_versions (
    name    TEXT PRIMARY KEY,
    version INTEGER NOT NULL
);

INSERT INTO data_versions (name, version) VALUES ('catalogue', 0), ('keys', 0);
