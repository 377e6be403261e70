import type { IssuableType } from './templates.service';

/**
 * Where GitLab keeps a project's description templates in its repository: one Markdown file per
 * template under `.gitlab/issue_templates/` or `.gitlab/merge_request_templates/`. Meridian stores
 * them as rows; these paths are how clients that read them as files find them.
 */
const FOLDERS: Record<IssuableType, string> = {
  issue: '.gitlab/issue_templates/',
  merge_request: '.gitlab/merge_request_templates/',
};

/** The file path of a template. */
export function templateFilePath(type: IssuableType, name: string): string {
  return `${FOLDERS[type]}${name}.md`;
}

/** Which template a repository path names, or null when it names none (another folder, not `.md`, a subfolder). */
export function templateAtPath(path: string): { type: IssuableType; name: string } | null {
  for (const type of Object.keys(FOLDERS) as IssuableType[]) {
    const folder = FOLDERS[type];
    if (!path.startsWith(folder) || !path.endsWith('.md')) continue;
    const name = path.slice(folder.length, -'.md'.length);
    if (name.length === 0 || name.includes('/')) return null;
    return { type, name };
  }
  return null;
}
