import type { ArchiveRecords } from '../../group-transfer';
import { type ArchiveImport, type Ref, same, tableWriter, times } from './archive-context';
import { keys } from './archive-keys';

type Owner = { group_path: string | null; project_path: string | null };

const NO_OWNER = 'belongs to a group or project the import did not create';

export const ownerRefs = (o: Owner): Ref[] =>
  o.project_path !== null
    ? [{ kind: 'projects', key: keys.project(o.project_path) }]
    : o.group_path !== null
      ? [{ kind: 'groups', key: keys.group(o.group_path) }]
      : [];

/** The group or project a label or milestone belongs to here, as the row's owner columns. */
function ownerOf(a: ArchiveImport, o: Owner) {
  if (o.project_path !== null) {
    const id = a.id('projects', keys.project(o.project_path));
    return id === undefined ? undefined : { group_id: null, project_id: id };
  }
  const id = o.group_path === null ? undefined : a.id('groups', keys.group(o.group_path));
  return id === undefined ? undefined : { group_id: id, project_id: null };
}

export const labelRows = tableWriter('labels', (a, l: ArchiveRecords['labels']) => {
  const owner = ownerOf(a, l);
  if (!owner) return { skipped: `label ${NO_OWNER}` };
  return { ...owner, ...same(l, ['title', 'color', 'text_color', 'description', 'priority']), ...times(l) };
});

/** A milestone keeps its iid, so `%"v1"` and `/-/milestones/3` links keep working. */
export const milestoneRows = tableWriter('milestones', (a, m: ArchiveRecords['milestones']) => {
  const owner = ownerOf(a, m);
  if (!owner) return { skipped: `milestone ${NO_OWNER}` };
  return { ...owner, ...same(m, ['iid', 'title', 'description', 'state', 'start_date', 'due_date']), ...times(m) };
});

export const cadenceRefs = (c: ArchiveRecords['iterations_cadences']): Ref[] => [
  { kind: 'groups', key: keys.group(c.group_path) },
];

export const cadenceRows = tableWriter('iterations_cadences', (a, c: ArchiveRecords['iterations_cadences']) => {
  const groupId = a.id('groups', keys.group(c.group_path));
  if (groupId === undefined) return { skipped: `iteration cadence ${NO_OWNER}` };
  return {
    group_id: groupId,
    ...same(c, [
      'title',
      'description',
      'automatic',
      'active',
      'roll_over',
      'start_date',
      'duration_in_weeks',
      'iterations_in_advance',
    ]),
    ...times(c),
  };
});

export const iterationRefs = (i: ArchiveRecords['iterations']): Ref[] => [
  { kind: 'groups', key: keys.group(i.group_path) },
  { kind: 'iterations_cadences', key: keys.cadence(i.iterations_cadence_id) },
];

export const iterationRows = tableWriter('iterations', (a, i: ArchiveRecords['iterations']) => {
  const groupId = a.id('groups', keys.group(i.group_path));
  const cadenceId = a.id('iterations_cadences', keys.cadence(i.iterations_cadence_id));
  if (groupId === undefined || cadenceId === undefined) return { skipped: `iteration ${NO_OWNER}` };
  return {
    group_id: groupId,
    iterations_cadence_id: cadenceId,
    ...same(i, ['iid', 'sequence', 'title', 'description', 'start_date', 'due_date']),
    ...times(i),
  };
});
