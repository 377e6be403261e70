import { timeframeText } from '@meridian/domain';
import { AppLink } from '../../lib/AppLink';
import { urls } from '../../lib/paths';
import type { Epic } from '../../lib/types';
import { Badge } from '../../ui/Badge';
import { LabelList } from '../../ui/LabelBadge';
import { type Column, Table } from '../../ui/Table';
import styles from '../issues/IssuesTable.module.css';
import { Icon } from '../shared/Icon';
import rowStyles from '../shared/IssuableRow.module.css';
import { ActivityCell, ConfidentialMark, CreatedBy } from '../shared/IssuableRowParts';
import { IssuableStats } from '../shared/IssuableStats';
import titleLineStyles from '../shared/TitleLine.module.css';

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
    {
      key: 'title',
      header: 'Title',
      render: (epic) => {
        const path = epicGroupPath(epic, groupPath);
        const due = epic.due_date ?? epic.end_date;
        return (
          <div className={styles.titleCell}>
            <div className={titleLineStyles.titleLine}>
              {epic.confidential && <ConfidentialMark />}
              <AppLink href={urls.epic(path, epic.iid)} className={styles.title}>
                {epic.title}
              </AppLink>
            </div>
            <div className={styles.meta}>
              <span>{path === groupPath ? `&${epic.iid}` : (epic.references?.full ?? `&${epic.iid}`)}</span>
              <CreatedBy createdAt={epic.created_at} author={epic.author} />
              <span className={rowStyles.metaItem} title="Dates">
                · <Icon name="calendar" />
                <span className="visually-hidden">Dates</span>{' '}
                {timeframeText({ startDate: epic.start_date ?? null, dueDate: due ?? null })}
              </span>
            </div>
            <LabelList labels={epic.labels ?? []} />
          </div>
        );
      },
    },
    {
      key: 'activity',
      header: 'Activity',
      width: '190px',
      align: 'end',
      render: (epic) => (
        <ActivityCell updatedAt={epic.updated_at ?? epic.created_at}>
          {epic.state === 'closed' && <Badge variant="info">Closed</Badge>}
          <IssuableStats upvotes={epic.upvotes} downvotes={epic.downvotes} />
        </ActivityCell>
      ),
    },
  ];
  return <Table caption="Epics" columns={columns} rows={epics} rowKey={(epic) => epic.id} />;
}
