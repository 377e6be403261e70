import type { ReactNode } from 'react';
import layout from '../../app/Layout.module.css';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import styles from './NamespaceHeader.module.css';
import titleLineStyles from './TitleLine.module.css';

const VISIBILITY = { private: 'Private', internal: 'Internal', public: 'Public' } as const;

interface NamespaceHeaderProps {
  name: string;
  /** Seeds the generated avatar when there is no `avatarUrl`. */
  id: number;
  avatarUrl?: string | null;
  visibility?: keyof typeof VISIBILITY | null;
  /** The muted line under the title (id, path, …). */
  meta: ReactNode;
  description?: string | null;
}

/** The head of a group or project overview: avatar, name, visibility, a muted line and the description. */
export function NamespaceHeader({ name, id, avatarUrl, visibility, meta, description }: NamespaceHeaderProps) {
  return (
    <header className={styles.header}>
      <Avatar name={name} src={avatarUrl} seed={id} size={64} shape="rect" />
      <div className={styles.headerText}>
        <div className={titleLineStyles.titleLine}>
          <h1>{name}</h1>
          {visibility && <Badge variant="muted">{VISIBILITY[visibility]}</Badge>}
        </div>
        <p className={layout.muted}>{meta}</p>
        {description && <p className={styles.description}>{description}</p>}
      </div>
    </header>
  );
}
