-- PostgreSQL twin of migrations/sqlite/0007_enforcement.sql (types as in 0001).
-- Public privacy and data-protection enforcement actions (data/enforcement/), served
-- by the enforcement tools. Rewritten whole by `seed` when the data pack changes.
CREATE TABLE enforcement_actions (
    id               TEXT COLLATE "C" PRIMARY KEY,
    agency           TEXT COLLATE "C" NOT NULL,
    -- ISO 3166-1 alpha-2 ("US", "GB", "FR"), ISO 3166-2 for a U.S. state ("US-CA"), or "EU".
    jurisdiction     TEXT COLLATE "C" NOT NULL,
    -- YYYY-MM-DD: compares as text.
    action_date      TEXT COLLATE "C" NOT NULL,
    respondent       TEXT COLLATE "C" NOT NULL,
    industry         TEXT COLLATE "C" NOT NULL,
    violation        TEXT COLLATE "C" NOT NULL,
    penalty_amount   DOUBLE PRECISION,
    penalty_currency TEXT COLLATE "C",
    status           TEXT COLLATE "C" NOT NULL,
    risk_level       TEXT COLLATE "C" NOT NULL,
    source_url       TEXT COLLATE "C" NOT NULL,
    source_title     TEXT COLLATE "C" NOT NULL,
    -- A JSON array of strings.
    search_terms     TEXT COLLATE "C" NOT NULL,
    contract_impact  TEXT COLLATE "C" NOT NULL,
    -- When the file the action came from was compiled.
    as_of            TEXT COLLATE "C" NOT NULL
);

CREATE INDEX enforcement_actions_date ON enforcement_actions (action_date, id);
