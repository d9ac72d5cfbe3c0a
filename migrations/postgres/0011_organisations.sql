-- PostgreSQL twin of migrations/sqlite/0010_organisations.sql (types as in 0001).
-- Organisations and their private standing-order layers (issue: bring your own judge).
-- A key belongs to an organisation; keys made before this migration each get an
-- organisation of their own (`org_<key id>`, named after the key).

CREATE TABLE organisations (
    id         TEXT COLLATE "C" PRIMARY KEY,
    name       TEXT COLLATE "C" NOT NULL,
    created_at TEXT COLLATE "C" NOT NULL
);

INSERT INTO organisations (id, name, created_at) SELECT 'org_' || id, name, created_at FROM api_keys;
ALTER TABLE api_keys ADD COLUMN organisation_id TEXT COLLATE "C" REFERENCES organisations (id);
UPDATE api_keys SET organisation_id = 'org_' || id;

-- A document read by the extractor for an organisation: its proposals, kept so they can
-- be reviewed later. `extraction` is the engine's Extraction JSON.
CREATE TABLE standing_order_drafts (
    id              TEXT COLLATE "C" PRIMARY KEY,
    organisation_id TEXT COLLATE "C" NOT NULL REFERENCES organisations (id),
    district_id     TEXT COLLATE "C" NOT NULL,
    judge_slug      TEXT COLLATE "C" NOT NULL,
    status          TEXT COLLATE "C" NOT NULL CHECK (status IN ('proposed', 'accepted', 'rejected')),
    filename        TEXT COLLATE "C",
    source_sha256   TEXT COLLATE "C" NOT NULL,
    extraction      TEXT COLLATE "C" NOT NULL,
    created_by      TEXT COLLATE "C" NOT NULL,
    created_at      TEXT COLLATE "C" NOT NULL,
    decided_by      TEXT COLLATE "C",
    decided_at      TEXT COLLATE "C"
);
CREATE INDEX standing_order_drafts_organisation ON standing_order_drafts (organisation_id, created_at);

-- Every version of an organisation's layer for a judge; the highest version is the one
-- in force. A withdrawal is a version without an order (`standing_order` NULL).
CREATE TABLE organisation_layers (
    organisation_id TEXT COLLATE "C" NOT NULL REFERENCES organisations (id),
    district_id     TEXT COLLATE "C" NOT NULL,
    judge_slug      TEXT COLLATE "C" NOT NULL,
    version         BIGINT NOT NULL,
    standing_order  TEXT COLLATE "C",
    draft_id        TEXT COLLATE "C" REFERENCES standing_order_drafts (id),
    accepted_by     TEXT COLLATE "C" NOT NULL,
    accepted_at     TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (organisation_id, district_id, judge_slug, version)
);
