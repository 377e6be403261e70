import { createHash } from 'node:crypto';
import type { ArchiveItem, ArchiveRecords } from '../../group-transfer';

/**
 * The source id of each archive record: its natural key in the archive (full paths, iids, the
 * archive's own ids for cadences and notes), so that a record names what it refers to by the same
 * key the referred record was stored under in `import_job_items`. Keys longer than the column allows
 * (deep paths) are hashed.
 */
const fit = (key: string) => (key.length <= 255 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`);

type Owner = { group_path: string | null; project_path: string | null };

export const keys = {
  user: (username: string) => fit(username),
  group: (fullPath: string) => fit(fullPath),
  project: (fullPath: string) => fit(fullPath),
  label: (owner: Owner, title: string) => fit(`${owner.group_path ?? ''}|${owner.project_path ?? ''}|${title}`),
  milestone: (owner: Owner, iid: number) => fit(`${owner.group_path ?? ''}|${owner.project_path ?? ''}|${iid}`),
  cadence: (id: number) => String(id),
  iteration: (groupPath: string, iid: number) => fit(`${groupPath}|${iid}`),
  issue: (ref: { project_path: string; iid: number }) => fit(`${ref.project_path}#${ref.iid}`),
  epic: (ref: { group_path: string; iid: number }) => fit(`${ref.group_path}&${ref.iid}`),
  note: (id: number) => String(id),
};

/** The groups above a path, nearest first: `a/b/c` → `a/b`, `a`. */
export function ancestorsOf(path: string): string[] {
  const out: string[] = [];
  for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) out.push(path.slice(0, at));
  return out;
}

/**
 * The keys a label title may be stored under as seen from a project or group: its own, then each
 * ancestor group's, nearest first (GitLab's label inheritance).
 */
export function labelCandidates(owner: Owner, title: string): string[] {
  const own = owner.project_path ?? owner.group_path ?? '';
  const groups = owner.project_path ? ancestorsOf(own) : [own, ...ancestorsOf(own)];
  return [
    ...(owner.project_path ? [keys.label({ group_path: null, project_path: own }, title)] : []),
    ...groups.map((group) => keys.label({ group_path: group, project_path: null }, title)),
  ];
}

/** Where a record is stored in `import_job_items`: its kind and its key (epic parents share the epics' keys). */
export function sourceIdOf(item: ArchiveItem, index: number): string {
  switch (item.kind) {
    case 'users':
      return keys.user(item.record.username);
    case 'groups':
      return keys.group(item.record.full_path);
    case 'projects':
      return keys.project(item.record.full_path);
    case 'members':
      return fit(`${item.record.source_type}:${item.record.source_path}:${item.record.user.username}`);
    case 'labels':
      return keys.label(item.record, item.record.title);
    case 'milestones':
      return keys.milestone(item.record, item.record.iid);
    case 'iterations_cadences':
      return keys.cadence(item.record.id);
    case 'iterations':
      return keys.iteration(item.record.group_path, item.record.iid);
    case 'issues':
      return keys.issue(item.record);
    case 'epics':
      return keys.epic(item.record);
    case 'epic_issues':
      return keys.issue(item.record.issue);
    case 'notes':
      return keys.note(item.record.id);
    default:
      // Links, time logs and award emoji have no key of their own: their place in the file is stable.
      return String(index);
  }
}

export type EpicRecord = ArchiveRecords['epics'];
