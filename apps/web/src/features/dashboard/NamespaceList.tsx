import type { ReactNode } from 'react';
import { AppLink } from '../../lib/AppLink';
import { timeAgo } from '../../lib/format';
import type { Group, Project } from '../../lib/types';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import titleLineStyles from '../shared/TitleLine.module.css';
import styles from './NamespaceList.module.css';

export type NamespaceRow = { kind: 'group'; group: Group } | { kind: 'project'; project: Project };

const VISIBILITY_LABEL = { private: 'Private', internal: 'Internal', public: 'Public' } as const;

/** One group or project: its avatar, linked title and visibility, its path, its description, then `meta`. */
function Row({
  namespace,
  path,
  title,
  meta,
}: {
  namespace: Pick<Group | Project, 'id' | 'name' | 'description' | 'visibility'>;
  /** The full path, shown under the title and linked from it. */
  path: string;
  title: string;
  meta?: ReactNode;
}) {
  const { id, name, description, visibility } = namespace;
  return (
    <li className={styles.row}>
      <Avatar name={name} seed={id} size={32} shape="rect" />
      <div className={styles.main}>
        <div className={titleLineStyles.titleLine}>
          <AppLink href={`/${path}`} className={styles.title}>
            {title}
          </AppLink>
          {visibility && (
            <Badge variant="muted" title={`Visibility: ${VISIBILITY_LABEL[visibility]}`}>
              {VISIBILITY_LABEL[visibility]}
            </Badge>
          )}
        </div>
        {path && <div className={styles.subtitle}>{path}</div>}
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {meta && <div className={styles.meta}>{meta}</div>}
    </li>
  );
}

/** Groups and projects as GitLab lists them: avatar, name, path, description, visibility. */
export function NamespaceList({ rows, label, showKind }: { rows: NamespaceRow[]; label: string; showKind?: boolean }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {rows.map((row) =>
        row.kind === 'group' ? (
          <Row
            key={`g${row.group.id}`}
            namespace={row.group}
            path={row.group.full_path}
            title={row.group.full_name ?? row.group.name}
            meta={showKind ? <Badge variant="neutral">Group</Badge> : undefined}
          />
        ) : (
          <Row
            key={`p${row.project.id}`}
            namespace={row.project}
            path={row.project.path_with_namespace}
            title={row.project.name_with_namespace ?? row.project.name}
            meta={
              <>
                {row.project.open_issues_count !== undefined && (
                  <span title="Open issues">{row.project.open_issues_count} open issues</span>
                )}
                {row.project.last_activity_at && <span>Updated {timeAgo(row.project.last_activity_at)}</span>}
              </>
            }
          />
        ),
      )}
    </ul>
  );
}
