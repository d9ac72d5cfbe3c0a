-- PostgreSQL twin of migrations/sqlite/0008_time_rules.sql (types as in 0001).
-- The document each profiled district's deadlines are computed from (store/time_rules.rs):
-- composed at seed from data/deadlines and data/holidays, stored whole.
CREATE TABLE time_rules (
    district_id TEXT COLLATE "C" PRIMARY KEY NOT NULL,
    document TEXT COLLATE "C" NOT NULL
);
