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

function Row({
  href,
  id,
  name,
  title,
  subtitle,
  description,
  visibility,
  meta,
}: {
  href: string;
  id: number;
  name: string;
  title: string;
  subtitle?: string;
  description?: string | null;
  visibility?: keyof typeof VISIBILITY_LABEL;
  meta?: ReactNode;
}) {
  return (
    <li className={styles.row}>
      <Avatar name={name} seed={id} size={32} shape="rect" />
      <div className={styles.main}>
        <div className={titleLineStyles.titleLine}>
          <AppLink href={href} className={styles.title}>
            {title}
          </AppLink>
          {visibility && (
            <Badge variant="muted" title={`Visibility: ${VISIBILITY_LABEL[visibility]}`}>
              {VISIBILITY_LABEL[visibility]}
            </Badge>
          )}
        </div>
        {subtitle && <div className={styles.subtitle}>{subtitle}</div>}
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
            href={`/${row.group.full_path}`}
            id={row.group.id}
            name={row.group.name}
            title={row.group.full_name ?? row.group.name}
            subtitle={row.group.full_path}
            description={row.group.description}
            visibility={row.group.visibility}
            meta={showKind ? <Badge variant="neutral">Group</Badge> : undefined}
          />
        ) : (
          <Row
            key={`p${row.project.id}`}
            href={`/${row.project.path_with_namespace}`}
            id={row.project.id}
            name={row.project.name}
            title={row.project.name_with_namespace ?? row.project.name}
            subtitle={row.project.path_with_namespace}
            description={row.project.description}
            visibility={row.project.visibility}
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
