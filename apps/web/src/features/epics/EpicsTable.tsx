import { timeframeText } from '@meridian/domain';
import { urls } from '../../lib/paths';
import type { Epic } from '../../lib/types';
import { Badge } from '../../ui/Badge';
import { type Column, Table } from '../../ui/Table';
import { Icon } from '../shared/Icon';
import rowStyles from '../shared/IssuableRow.module.css';
import { activityColumn, ConfidentialMark, rowReference, TitleCell, titleColumn } from '../shared/IssuableRowParts';
import { IssuableStats } from '../shared/IssuableStats';

/** Group path of an epic, from its reference (`acme/platform&3`) or else the page's group. */
export function epicGroupPath(epic: Epic, fallback: string): string {
  const match = /^(.+)&\d+$/.exec(epic.references?.full ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Epics as GitLab's epics list shows them: title, then `&iid` (or the full reference for a subgroup's
 * epic), author, the date range ('No start and end date' style) and labels; at the right the state,
 * votes and when it was updated.
 */
export function EpicsTable({ epics, groupPath }: { epics: Epic[]; groupPath: string }) {
  const columns: Column<Epic>[] = [
    titleColumn((epic) => {
      const path = epicGroupPath(epic, groupPath);
      const due = epic.due_date ?? epic.end_date;
      return (
        <TitleCell
          item={epic}
          href={urls.epic(path, epic.iid)}
          reference={rowReference(epic, '&', path !== groupPath)}
          marks={epic.confidential && <ConfidentialMark />}
        >
          <span className={rowStyles.metaItem} title="Dates">
            · <Icon name="calendar" />
            <span className="visually-hidden">Dates</span>{' '}
            {timeframeText({ startDate: epic.start_date ?? null, dueDate: due ?? null })}
          </span>
        </TitleCell>
      );
    }),
    activityColumn((epic) => (
      <>
        {epic.state === 'closed' && <Badge variant="info">Closed</Badge>}
        <IssuableStats upvotes={epic.upvotes} downvotes={epic.downvotes} />
      </>
    )),
  ];
  return <Table caption="Epics" columns={columns} rows={epics} rowKey={(epic) => epic.id} />;
}
