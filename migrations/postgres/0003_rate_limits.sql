-- PostgreSQL twin of migrations/sqlite/0003_rate_limits.sql (types as in 0001).
-- Per-key rate limits that differ from the defaults (`courtrules keys limits`). A key
-- without a row for a group has that group's default limit. `per_window` is the number
-- of requests admitted in any sliding window (one minute unless the server is started
-- with another window length).
CREATE TABLE api_key_limits (
    key_id      TEXT COLLATE "C" NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
    route_group TEXT COLLATE "C" NOT NULL,
    per_window  BIGINT NOT NULL CHECK (per_window > 0),
    PRIMARY KEY (key_id, route_group)
);
