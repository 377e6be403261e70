import { AppLink } from '../../lib/AppLink';
import { formatDate, timeAgo } from '../../lib/format';
import { urls } from '../../lib/paths';
import type { Epic } from '../../lib/types';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { LabelList } from '../../ui/LabelBadge';
import { type Column, Table } from '../../ui/Table';
import styles from '../issues/IssuesTable.module.css';

/** Group path of an epic, from its reference (`acme/platform&3`) or else the page's group. */
export function epicGroupPath(epic: Epic, fallback: string): string {
  const match = /^(.+)&\d+$/.exec(epic.references?.full ?? '');
  return match?.[1] ?? fallback;
}

/** Epics: reference, title, labels (scoped two-part), start/due dates, author. */
export function EpicsTable({ epics, groupPath }: { epics: Epic[]; groupPath: string }) {
  const columns: Column<Epic>[] = [
    {
      key: 'title',
      header: 'Title',
      render: (epic) => {
        const path = epicGroupPath(epic, groupPath);
        return (
          <div className={styles.titleCell}>
            <div className={styles.titleLine}>
              {epic.confidential && <Badge variant="warning">Confidential</Badge>}
              <AppLink href={urls.epic(path, epic.iid)} className={styles.title}>
                {epic.title}
              </AppLink>
              {epic.state === 'closed' && <Badge variant="info">Closed</Badge>}
            </div>
            <div className={styles.meta}>
              <span>{path === groupPath ? `&${epic.iid}` : (epic.references?.full ?? `&${epic.iid}`)}</span>
              <span>· created {timeAgo(epic.created_at)}</span>
            </div>
            <LabelList labels={epic.labels ?? []} />
          </div>
        );
      },
    },
    {
      key: 'start',
      header: 'Start date',
      width: '120px',
      secondary: true,
      render: (epic) => (epic.start_date ? formatDate(epic.start_date) : <span className={styles.none}>None</span>),
    },
    {
      key: 'due',
      header: 'Due date',
      width: '120px',
      render: (epic) => {
        const due = epic.due_date ?? epic.end_date;
        return due ? formatDate(due) : <span className={styles.none}>None</span>;
      },
    },
    {
      key: 'author',
      header: 'Author',
      width: '180px',
      secondary: true,
      render: (epic) =>
        epic.author ? (
          <span className={styles.assignees} title={`Created ${timeAgo(epic.created_at)}`}>
            <Avatar name={epic.author.name} src={epic.author.avatar_url} seed={epic.author.id} size={24} />
            <span className={styles.clip}>{epic.author.name}</span>
          </span>
        ) : null,
    },
  ];
  return <Table caption="Epics" columns={columns} rows={epics} rowKey={(epic) => epic.id} />;
}
