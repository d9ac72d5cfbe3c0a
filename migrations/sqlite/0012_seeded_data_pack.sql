-- The data pack as it was when the database was last seeded: a fingerprint of its files
-- (`store::seed::fingerprint`: every file's path, length and modification time). A
-- one-shot command (`check`, `classify`, `deadlines`…) seeds again when the data folder
-- it is given has changed since, instead of answering from the rules it replaced.
CREATE TABLE seeded_data_pack (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    fingerprint TEXT NOT NULL
);
