-- A noteable's discussions page (GROUP BY discussion_id, ordered by when each began) and its count
-- read every note of the noteable: on a long-lived issue (thousands of notes) that was a bitmap
-- heap scan of all of them. With the discussion id and the flags the readers filter on in the index,
-- both are index-only scans.
DROP INDEX notes_noteable_idx;
CREATE INDEX notes_noteable_idx ON notes (noteable_type, noteable_id, created_at, id) INCLUDE (discussion_id, internal, system);
