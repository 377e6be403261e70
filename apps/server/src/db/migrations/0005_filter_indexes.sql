-- Filtered search (issues, merge requests, epics): the indexes the filter tokens need.
-- Free-text `search` on merge requests looks in the title and the description; both are ILIKE
-- '%…%' and must be served by trigram GIN indexes (issues and epics have theirs since 0001).
CREATE INDEX merge_requests_description_trgm_idx ON merge_requests USING gin (description gin_trgm_ops);

-- milestone / release / merge-user tokens on merge requests, and release via milestone.
CREATE INDEX merge_requests_milestone_id_idx ON merge_requests (milestone_id) WHERE milestone_id IS NOT NULL;
CREATE INDEX merge_requests_merge_user_id_idx ON merge_requests (merge_user_id) WHERE merge_user_id IS NOT NULL;
CREATE INDEX release_milestones_milestone_id_idx ON release_milestones (milestone_id, release_id);
