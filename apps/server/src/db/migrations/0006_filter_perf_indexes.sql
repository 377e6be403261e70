-- Filtered lists on the large data set (bench/filter-bench.ts). A list page costs a capped count
-- (up to 10,001 rows, see db/capped-count.ts) besides the page itself. When a token is a semi-join
-- (label, assignee, epic, reaction…), PostgreSQL drives the count from the link table's
-- (x_id, issue_id) index and must then check each issue's project, state and confidentiality:
-- one heap fetch per row, scattered over the whole table. These narrow covering indexes answer that
-- check from the index alone (index-only, once vacuumed), and being ordered by id they let the
-- planner merge-join with the link table's issue_id order instead of probing row by row.
-- Project lists: (project_id, id); group lists: (id).
CREATE INDEX issues_project_id_cover_idx ON issues (project_id, id) INCLUDE (state, confidential, author_id);
CREATE INDEX issues_id_cover_idx ON issues (id) INCLUDE (project_id, state, confidential, author_id);
-- A project's issues newest first whatever their state (the existing index puts state before
-- created_at): the default project list and its keyset pages walk it instead of the global order.
CREATE INDEX issues_project_created_idx ON issues (project_id, created_at DESC, id DESC);

-- Merge requests: the same for link-table tokens (labels, assignees, reviewers, approvals), and
-- the updated_at order had no index at all (every group page sorted all merge requests).
CREATE INDEX merge_requests_id_cover_idx ON merge_requests (id) INCLUDE (project_id, state, draft, author_id);
CREATE INDEX merge_requests_updated_at_id_idx ON merge_requests (updated_at DESC, id DESC);
CREATE INDEX merge_requests_project_updated_idx ON merge_requests (project_id, updated_at DESC, id DESC);
-- User tokens (assignee, reviewer, approved-by = user): the user's merge request ids, index-only.
DROP INDEX merge_request_assignees_user_id_idx;
CREATE INDEX merge_request_assignees_user_id_idx ON merge_request_assignees (user_id, merge_request_id);
DROP INDEX merge_request_reviewers_user_id_idx;
CREATE INDEX merge_request_reviewers_user_id_idx ON merge_request_reviewers (user_id, merge_request_id);
DROP INDEX approvals_user_id_idx;
CREATE INDEX approvals_user_id_idx ON approvals (user_id, merge_request_id);
