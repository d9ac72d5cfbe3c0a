-- PDFs sent to POST /api/v1/classify and their classifications, kept for quality
-- improvement (the spec). The bytes are files, content-addressed by SHA-256 under the
-- uploads folder (`--uploads-dir`); these rows are written in one transaction once the
-- file is durable, so a row never names a missing file. One row per upload: the same
-- PDF sent twice is two rows and one file. Rows older than the retention period are
-- removed by `courtrules uploads prune` (and by the server at start and daily), then
-- files no row names.
CREATE TABLE uploads (
    id          TEXT PRIMARY KEY,
    sha256      TEXT NOT NULL,
    byte_size   INTEGER NOT NULL,
    filename    TEXT,
    key_id      TEXT NOT NULL,
    district_id TEXT NOT NULL,
    judge_slug  TEXT NOT NULL,
    -- RFC 3339 UTC, whole seconds: compares as text.
    created_at  TEXT NOT NULL
);

CREATE INDEX uploads_sha256 ON uploads (sha256);
CREATE INDEX uploads_created_at ON uploads (created_at);

-- The 200 body the upload was answered with, and the engine that computed it.
CREATE TABLE classifications (
    upload_id      TEXT PRIMARY KEY REFERENCES uploads (id) ON DELETE CASCADE,
    sha256         TEXT NOT NULL,
    engine_version TEXT NOT NULL,
    response       TEXT NOT NULL,
    created_at     TEXT NOT NULL
);
