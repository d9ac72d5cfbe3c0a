-- PostgreSQL twin of migrations/sqlite/0006_uploads_by_key.sql (types as in 0001).
-- The upload quota sums a key's uploads within the retention period on every
-- /classify; this keeps that a range scan of the key's own rows.
CREATE INDEX uploads_key_id_created_at ON uploads (key_id, created_at);
