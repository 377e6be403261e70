import { useLayoutEffect, useState } from 'react';
import { Avatar } from '../../../ui/Avatar';
import { Badge } from '../../../ui/Badge';
import { useReferenceCard } from './queries';
import styles from './ReferenceCard.module.css';
import type { ReferenceCardData, ReferenceTarget } from './referenceCardApi';

const STATE_TEXT: Record<string, string> = { opened: 'Open', closed: 'Closed', merged: 'Merged', locked: 'Locked' };

function IssuableCard({ data }: { data: Extract<ReferenceCardData, { kind: 'issuable' }> }) {
  const open = data.state === 'opened';
  return (
    <>
      <div className={styles.head}>
        <Badge variant={open ? 'success' : data.state === 'merged' ? 'info' : 'neutral'}>
          {STATE_TEXT[data.state] ?? data.state}
        </Badge>
        {data.confidential && <Badge variant="warning">Confidential</Badge>}
        <span className={styles.muted}>
          {data.typeName} · created {new Date(data.created_at).toLocaleDateString()}
        </span>
      </div>
      <p className={styles.title}>{data.title}</p>
      <p className={styles.muted}>{data.reference}</p>
      {data.assignees.length > 0 && (
        <div className={styles.row}>
          <span className={styles.muted}>Assignees</span>
          {data.assignees.slice(0, 3).map((a) => (
            <span key={a.id} className={styles.person}>
              <Avatar name={a.name} src={a.avatar_url} size={16} seed={a.id} />
              {a.name}
            </span>
          ))}
        </div>
      )}
      {data.milestone && (
        <div className={styles.row}>
          <span className={styles.muted}>Milestone</span>
          <span>{data.milestone.title}</span>
        </div>
      )}
    </>
  );
}

function UserCard({ data }: { data: Extract<ReferenceCardData, { kind: 'user' }> }) {
  return (
    <div className={styles.user}>
      <Avatar name={data.name} src={data.avatar_url} size={48} />
      <div>
        <p className={styles.title}>{data.name}</p>
        <p className={styles.muted}>@{data.username}</p>
        {data.state !== 'active' && <Badge variant="neutral">{data.state}</Badge>}
        {data.bio && <p className={styles.bio}>{data.bio}</p>}
      </div>
    </div>
  );
}

/**
 * The hover card of a reference link (GitLab's issue, merge request, epic and user popovers),
 * below the link; fetched on first hover under the reader's permissions. Loaded lazily by Description.
 */
export function ReferenceCard({
  id,
  anchor,
  target,
  onPointerEnter,
  onPointerLeave,
}: {
  id: string;
  anchor: HTMLElement;
  target: ReferenceTarget;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
}) {
  const card = useReferenceCard(target);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    const rect = anchor.getBoundingClientRect();
    setPosition({ top: rect.bottom + 6, left: Math.max(8, Math.min(rect.left, window.innerWidth - 328)) });
  }, [anchor]);
  if (!position || card.isError) return null;
  return (
    <div
      id={id}
      role="tooltip"
      className={styles.card}
      style={position}
      data-testid="reference-card"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      {card.isPending ? (
        <p className={styles.muted}>Loading…</p>
      ) : card.data.kind === 'user' ? (
        <UserCard data={card.data} />
      ) : (
        <IssuableCard data={card.data} />
      )}
    </div>
  );
}
