-- Issue 32: GitLab's emailed CSV export (POST /<project>/-/issues/export_csv and
-- …/merge_requests/export_csv). The request queues one email to the requester; the outbox worker
-- that sends it builds the CSV attachment then (the rows the requester may read at that moment, in
-- keyset batches, capped at 15 MB as GitLab's), so the request does no export work and a crashed
-- worker's claim is retried as any email's. `csv_export` is what to export
-- ({"kind","project_id","user_id","query"}); NULL for every other email.
ALTER TABLE notification_emails ADD COLUMN csv_export jsonb;
