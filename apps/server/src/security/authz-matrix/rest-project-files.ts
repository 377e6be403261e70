import type { OutOfScope, RestEntry } from './catalogue-types';
import { entry, P, read } from './rest-catalogue-helpers';

/** IE-76: a project's ancestor groups, for whoever may read the project (404 otherwise). */
export const projectGroupsEntries: RestEntry[] = ['groups', 'groups.json'].map((name) =>
  entry(
    'GET',
    `/api/v4/projects/:id/${name}`,
    'plain',
    (c) => `${P(c)}/${name}`,
    (c) => read(c, c.o.project('read_project')),
  ),
);

/** IE-76: a project's template files; the bundle holds no template, so the read rule is tested beside them. */
export const projectFilesOutOfScope: OutOfScope[] = [
  'GET /api/v4/projects/:id/repository/files/:file_path',
  'GET /api/v4/projects/:id/repository/files/:file_path/raw',
].map((key) => ({
  key,
  reason:
    "a project's description templates read as repository files: the bundle has no template; modules/templates/repository-files.rest.test.ts attacks them (outsider and anonymous 404)",
}));

/** A project upload's file, at every project path depth: the bundle has no upload (the Jira import makes them). */
export const projectUploadsOutOfScopePattern = {
  pattern: /^GET \/:s0\/[:s\d/]+-\/uploads\/:secret\/:filename$/,
  reason:
    "a project upload's file (Markdown's /uploads/<secret>/<name>), for whoever may read the project: the bundle has no upload; modules/imports/jira/jira-attachments.rest.test.ts attacks it (reader 200, outsider and anonymous 404 on a private project, a wrong secret 404)",
};
