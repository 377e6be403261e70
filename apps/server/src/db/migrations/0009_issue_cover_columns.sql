-- Filtered issue lists count through the narrow covering indexes of 0006 (project lists walk
-- (project_id, id), group lists (id)). A column token (weight, health, type, milestone, iteration)
-- was checked against the table row, one heap fetch per issue of the project: 18,000 scattered
-- reads for `weight=3` on a 20,000-issue project. Carrying those columns in the indexes answers the
-- count from the index alone (docs/BENCHMARKS.md, 2026-11-25).
DROP INDEX issues_project_id_cover_idx;
CREATE INDEX issues_project_id_cover_idx ON issues (project_id, id)
  INCLUDE (state, confidential, author_id, issue_type, weight, health_status, milestone_id, iteration_id);
DROP INDEX issues_id_cover_idx;
CREATE INDEX issues_id_cover_idx ON issues (id)
  INCLUDE (project_id, state, confidential, author_id, issue_type, weight, health_status, milestone_id, iteration_id);
