-- Full-text search splits the indexed text into words as the server splits `q`: at every
-- character that is not a letter or a digit (store/extracted.rs `parse_terms`), as
-- SQLite's unicode61 tokenizer does. PostgreSQL's text-search parser alone keeps `7.1`,
-- `D.N.H.`, `1/2` or `and/or` as single tokens (numbers, hosts, file paths), so `Rule 7.1`,
-- searched as the words `rule`, `7` and `1`, found nothing here while SQLite found every
-- rule citing it. The generated column is recomputed from the text with every run of
-- other characters replaced by a space; dropping the column drops its index, made again.
-- (A stored generated column's expression cannot be altered before PostgreSQL 17.)
-- PostgreSQL-only: SQLite's index already splits so, and needs no twin of this file.
ALTER TABLE extracted_rules_fts DROP COLUMN document;

ALTER TABLE extracted_rules_fts ADD COLUMN document tsvector GENERATED ALWAYS AS (
    to_tsvector('courtrules'::regconfig,
        regexp_replace(
            coalesce(summary, '') || ' ' || coalesce(source_text, '') || ' ' || coalesce(tags, '') || ' '
            || coalesce(structured, '') || ' ' || coalesce(citation, ''),
            '[^[:alnum:]]+', ' ', 'g'))
) STORED;

CREATE INDEX extracted_rules_fts_document ON extracted_rules_fts USING GIN (document);
