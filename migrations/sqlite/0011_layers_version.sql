-- Servers cache each organisation's standing-order layer in force; a new version (or a
-- withdrawal) bumps this counter so every server drops its cache within one refresh.
INSERT INTO data_versions (name, version) VALUES ('layers', 0);
