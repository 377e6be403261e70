-- An issue's start date (IE §2.1's sidebar; GitLab keeps it on the work item's dates widget). The
-- rule that it is not after the due date lives in the issue write service, which names the field.
ALTER TABLE issues ADD COLUMN start_date date;
