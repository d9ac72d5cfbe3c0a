-- PostgreSQL twin of migrations/sqlite/0009_upload_files.sql: the bytes of uploaded
-- PDFs, once per SHA-256, written in the same transaction as the upload's rows.
CREATE TABLE upload_files (
    sha256 TEXT COLLATE "C" PRIMARY KEY,
    bytes  BYTEA NOT NULL
);
