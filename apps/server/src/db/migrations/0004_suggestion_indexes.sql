-- The filtered-search bar's suggestion lists match typed text anywhere in these columns
-- (ILIKE '%text%'); trigram indexes keep that from scanning every row.
CREATE INDEX milestones_title_trgm_idx ON milestones USING gin (title gin_trgm_ops);
CREATE INDEX iterations_title_trgm_idx ON iterations USING gin (title gin_trgm_ops);
CREATE INDEX iterations_cadences_title_trgm_idx ON iterations_cadences USING gin (title gin_trgm_ops);
CREATE INDEX releases_tag_name_trgm_idx ON releases USING gin (tag_name gin_trgm_ops);
CREATE INDEX releases_name_trgm_idx ON releases USING gin (name gin_trgm_ops);
CREATE INDEX environments_name_trgm_idx ON environments USING gin (name gin_trgm_ops);
CREATE INDEX namespaces_path_trgm_idx ON namespaces USING gin (path gin_trgm_ops);
