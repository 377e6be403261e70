-- The capped total of an issue list counts through the covering indexes of 0009, but the moderation
-- condition every list carries since 0012 (`NOT i.hidden_as_spam`) is not in them: each index entry
-- needed a heap fetch, so PostgreSQL read the table sequentially instead, to the end for a rare
-- filter (confidential, a weight). With the flag in the indexes the count is an index-only scan.
DROP INDEX issues_project_id_cover_idx;
CREATE INDEX issues_project_id_cover_idx ON issues (project_id, id)
  INCLUDE (state, confidential, author_id, issue_type, weight, health_status, milestone_id, iteration_id, hidden_as_spam);
DROP INDEX issues_id_cover_idx;
CREATE INDEX issues_id_cover_idx ON issues (id)
  INCLUDE (project_id, state, confidential, author_id, issue_type, weight, health_status, milestone_id, iteration_id, hidden_as_spam);
