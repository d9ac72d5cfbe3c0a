-- Public privacy and data-protection enforcement actions (data/enforcement/), served
-- by the enforcement tools. Rewritten whole by `seed` when the data pack changes.
CREATE TABLE enforcement_actions (
    id               TEXT PRIMARY KEY,
    agency           TEXT NOT NULL,
    -- ISO 3166-1 alpha-2 ("US", "GB", "FR"), ISO 3166-2 for a U.S. state ("US-CA"), or "EU".
    jurisdiction     TEXT NOT NULL,
    -- YYYY-MM-DD: compares as text.
    action_date      TEXT NOT NULL,
    respondent       TEXT NOT NULL,
    industry         TEXT NOT NULL,
    violation        TEXT NOT NULL,
    penalty_amount   REAL,
    penalty_currency TEXT,
    status           TEXT NOT NULL,
    risk_level       TEXT NOT NULL,
    source_url       TEXT NOT NULL,
    source_title     TEXT NOT NULL,
    -- A JSON array of strings.
    search_terms     TEXT NOT NULL,
    contract_impact  TEXT NOT NULL,
    -- When the file the action came from was compiled.
    as_of            TEXT NOT NULL
);

CREATE INDEX enforcement_actions_date ON enforcement_actions (action_date, id);
