-- The rate limiter's sliding log when servers share this database (rate_limit.rs): one
-- row per admitted request, in Unix milliseconds by the database's clock. Rows that
-- left the window are deleted by each admission of the same key and group, and by
-- every server's periodic sweep. (On SQLite, one server keeps the log in memory.)
CREATE TABLE rate_limit_log (
    key_id         TEXT COLLATE "C" NOT NULL,
    route_group    TEXT COLLATE "C" NOT NULL,
    admitted_at_ms BIGINT NOT NULL
);

CREATE INDEX rate_limit_log_by_key ON rate_limit_log (key_id, route_group, admitted_at_ms);
