-- PostgreSQL twin of migrations/sqlite/0005_coverage.sql (types as in 0001).
-- Coverage: rosters with their sources and dates, the dates each rule layer is current as
-- of, and court ids kept after a rename. Portable SQL (ADD COLUMN with a default only).

-- Where each real judge's membership and status were read, and as of when; the court's
-- title for the judge ("Chief Judge"), when it has one.
ALTER TABLE judges ADD COLUMN title TEXT COLLATE "C";
ALTER TABLE judges ADD COLUMN source TEXT COLLATE "C";
ALTER TABLE judges ADD COLUMN as_of TEXT COLLATE "C";

ALTER TABLE rule_layers ADD COLUMN short_title TEXT COLLATE "C";
ALTER TABLE rule_layers ADD COLUMN scope TEXT COLLATE "C";
ALTER TABLE rule_layers ADD COLUMN as_of TEXT COLLATE "C";
ALTER TABLE standing_orders ADD COLUMN as_of TEXT COLLATE "C";

-- `alias`: another spelling that is not an id (answers 404 naming the id, as `nyed` does);
-- `former_id`: an id the court had before a rename, which answers as the court.
ALTER TABLE court_aliases ADD COLUMN kind TEXT COLLATE "C" NOT NULL DEFAULT 'alias';
