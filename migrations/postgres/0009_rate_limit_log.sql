-- The rate limiter's sliding log when servers share this database (rate_limit.rs): one
-- row per admitted request, in Unix milliseconds by the database's clock. (On SQLite,
-- one server keeps the log in memory.)
--
-- UNLOGGED: the log is worth a minute at most, so it is kept out of the write-ahead log
-- (admissions then cost no disk flush); after a crash of PostgreSQL itself the table
-- comes back empty, which forgets at most one window of admissions.
CREATE UNLOGGED TABLE rate_limit_log (
    key_id         TEXT COLLATE "C" NOT NULL,
    route_group    TEXT COLLATE "C" NOT NULL,
    admitted_at_ms BIGINT NOT NULL
);

CREATE INDEX rate_limit_log_by_key ON rate_limit_log (key_id, route_group, admitted_at_ms);

-- One admission, in one round trip: takes a transaction-scoped advisory lock on the key
-- and group (admissions of the same key and group, from any server, happen one after
-- another), drops the times that left the window, and logs now when fewer than the limit
-- remain. Returns now, how many admissions the window held before it, and the one time
-- the headers need: the oldest when admitted (it frees the next slot), or the limit-th
-- newest when refused (the slot that brings the window back under the limit). The server
-- computes its decision from these (rate_limit.rs `decide`, whose rule — admitted when
-- fewer than the limit — is the one applied here).
CREATE FUNCTION courtrules_admit(p_key TEXT, p_group TEXT, p_limit BIGINT, p_window_ms BIGINT)
RETURNS TABLE (now_ms BIGINT, in_window BIGINT, frees_slot_ms BIGINT)
LANGUAGE plpgsql AS $$
DECLARE
    v_now   BIGINT;
    v_count BIGINT;
    v_frees BIGINT;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended(p_key || '/' || p_group, 0));
    v_now := CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT);
    DELETE FROM rate_limit_log
     WHERE key_id = p_key AND route_group = p_group AND admitted_at_ms <= v_now - p_window_ms;
    SELECT COUNT(*) INTO v_count FROM rate_limit_log WHERE key_id = p_key AND route_group = p_group;
    IF v_count < p_limit THEN
        SELECT admitted_at_ms INTO v_frees FROM rate_limit_log
         WHERE key_id = p_key AND route_group = p_group ORDER BY admitted_at_ms LIMIT 1;
        INSERT INTO rate_limit_log (key_id, route_group, admitted_at_ms) VALUES (p_key, p_group, v_now);
    ELSE
        SELECT admitted_at_ms INTO v_frees FROM rate_limit_log
         WHERE key_id = p_key AND route_group = p_group ORDER BY admitted_at_ms DESC OFFSET p_limit - 1 LIMIT 1;
    END IF;
    RETURN QUERY SELECT v_now, v_count, v_frees;
END
$$;
