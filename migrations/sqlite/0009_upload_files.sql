-- The bytes of uploaded PDFs, once per SHA-256, written in the same transaction as the
-- upload's rows (uploads.rs): what every server sharing the database can read. Files
-- that earlier versions kept under the uploads folder are moved here at start.
CREATE TABLE upload_files (
    sha256 TEXT PRIMARY KEY,
    bytes  BLOB NOT NULL
);
