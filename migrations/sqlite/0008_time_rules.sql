-- The document each profiled district's deadlines are computed from (store/time_rules.rs):
-- composed at seed from data/deadlines and data/holidays, stored whole.
CREATE TABLE time_rules (
    district_id TEXT PRIMARY KEY NOT NULL,
    document TEXT NOT NULL
);
