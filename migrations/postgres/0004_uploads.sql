-- PostgreSQL twin of migrations/sqlite/0004_uploads.sql (types as in 0001).
-- PDFs sent to POST /api/v1/classify and their classifications, kept for quality
-- improvement (the spec). The bytes are files, content-addressed by SHA-256 under the
-- uploads folder (`--uploads-dir`); these rows are written in one transaction once the
-- file is durable, so a row never names a missing file. One row per upload: the same
-- PDF sent twice is two rows and one file. Rows older than the retention period are
-- removed by `courtrules uploads prune` (and by the server at start and daily), then
-- files no row names.
CREATE TABLE uploads (
    id          TEXT COLLATE "C" PRIMARY KEY,
    sha256      TEXT COLLATE "C" NOT NULL,
    byte_size   BIGINT NOT NULL,
    filename    TEXT COLLATE "C",
    key_id      TEXT COLLATE "C" NOT NULL,
    district_id TEXT COLLATE "C" NOT NULL,
    judge_slug  TEXT COLLATE "C" NOT NULL,
    -- RFC 3339 UTC, whole seconds: compares as text.
    created_at  TEXT COLLATE "C" NOT NULL
);

CREATE INDEX uploads_sha256 ON uploads (sha256);
CREATE INDEX uploads_created_at ON uploads (created_at);

-- The 200 body the upload was answered with, and the engine that computed it.
CREATE TABLE classifications (
    upload_id      TEXT COLLATE "C" PRIMARY KEY REFERENCES uploads (id) ON DELETE CASCADE,
    sha256         TEXT COLLATE "C" NOT NULL,
    engine_version TEXT COLLATE "C" NOT NULL,
    response       TEXT COLLATE "C" NOT NULL,
    created_at     TEXT COLLATE "C" NOT NULL
);
