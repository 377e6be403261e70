-- Group-wide lists (issues and merge requests across many projects, epics across subgroups) are
-- ordered by created_at/updated_at and id: these indexes let PostgreSQL walk the order and stop
-- after one page instead of sorting every matching row.
CREATE INDEX issues_created_at_id_idx ON issues (created_at DESC, id DESC);
CREATE INDEX issues_updated_at_id_idx ON issues (updated_at DESC, id DESC);
CREATE INDEX merge_requests_created_at_id_idx ON merge_requests (created_at DESC, id DESC);
CREATE INDEX epics_created_at_id_idx ON epics (created_at DESC, id DESC);
CREATE INDEX epics_group_created_idx ON epics (group_id, created_at DESC, id DESC);
