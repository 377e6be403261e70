-- One abuse report per reporter, reported user and category, as GitLab validates them (`user_id`
-- unique in the scope of `reporter_id` and `category`, open or closed alike): the database refuses
-- the second, also between two concurrent posts, and the service answers 400 'You have already
-- reported this user'. Duplicates stored before are removed first, keeping the oldest report.
DELETE FROM abuse_reports a USING abuse_reports b
  WHERE a.reporter_id = b.reporter_id AND a.user_id = b.user_id AND a.category = b.category
    AND (a.created_at, a.id) > (b.created_at, b.id);
CREATE UNIQUE INDEX abuse_reports_reporter_user_category_idx ON abuse_reports (reporter_id, user_id, category);
