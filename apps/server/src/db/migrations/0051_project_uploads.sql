-- Files uploaded to a project (GitLab's `uploads` of a project, FileUploader): Markdown links to them
-- as `/uploads/<secret>/<filename>`, which the project's readers may download. The Jira importer is the
-- first writer (an issue's attachments, downloaded from the Jira site); the bytes are in the file store
-- (`stored_path`, the uploads directory or an S3-compatible bucket).
CREATE TABLE uploads (
  id serial PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  secret text NOT NULL CHECK (secret ~ '^[0-9a-f]{32}$'),
  filename text NOT NULL CHECK (length(filename) BETWEEN 1 AND 255),
  stored_path text NOT NULL CHECK (length(stored_path) <= 512),
  content_type text NOT NULL CHECK (length(content_type) BETWEEN 1 AND 255),
  byte_size integer NOT NULL CHECK (byte_size >= 0),
  uploaded_by_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, secret)
);
