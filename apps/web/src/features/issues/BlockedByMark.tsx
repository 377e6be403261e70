import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { AppLink } from '../../lib/AppLink';
import { appPathFromWebUrl } from '../../lib/paths';
import { Icon } from '../shared/Icon';
import styles from './BlockedByMark.module.css';
import { issueKeys } from './queries';

const TITLE_MAX = 80;
const CLOSE_DELAY_MS = 150;

/** IE §9: blocker titles in the popover are cut at 80 characters. */
const cut = (title: string) => (title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title);

/**
 * The blocked mark of an open issue in a list (IE §2.1, §9): hovering or focusing it shows the first
 * three open issues that block it, linked, and '+ N more' leading to the issue's linked items.
 */
export function BlockedByMark({
  projectPath,
  iid,
  count,
  issueHref,
}: {
  projectPath: string;
  iid: number;
  count: number;
  issueHref: string;
}) {
  const [open, setOpen] = useState(false);
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const popoverId = useId();
  const blockers = useQuery({
    enabled: open,
    queryKey: [...issueKeys.detail(projectPath, iid), 'blocked-by'],
    queryFn: async ({ signal }) => (await import('./blockingIssuesApi')).fetchBlockingIssues(projectPath, iid, signal),
    staleTime: 30_000,
  });
  const show = () => {
    clearTimeout(closing.current);
    setOpen(true);
  };
  const hideSoon = () => {
    clearTimeout(closing.current);
    closing.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  const total = blockers.data?.count ?? count;
  const more = total - (blockers.data?.shown.length ?? 0);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opens what the button also opens by keyboard
    <span
      className={styles.mark}
      onMouseEnter={show}
      onMouseLeave={hideSoon}
      onFocus={show}
      onBlur={hideSoon}
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
    >
      <button
        type="button"
        className={styles.trigger}
        aria-label={`Blocked by ${count} ${count === 1 ? 'issue' : 'issues'}`}
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={() => setOpen(!open)}
      >
        <Icon name="blocked" />
      </button>
      {open && (
        <div id={popoverId} className={styles.popover} role="dialog" aria-label="Blocked by">
          <strong className={styles.heading}>Blocked by {total}</strong>
          {blockers.isPending && <span className={styles.muted}>Loading…</span>}
          {blockers.isError && <span className={styles.muted}>The blocking issues could not be loaded.</span>}
          <ul className={styles.list}>
            {blockers.data?.shown.map((blocker) => (
              <li key={blocker.id}>
                <span className={styles.muted}>{blocker.reference}</span>{' '}
                <AppLink href={appPathFromWebUrl(blocker.webUrl) ?? blocker.webUrl}>{cut(blocker.title)}</AppLink>
              </li>
            ))}
          </ul>
          {blockers.isSuccess && more > 0 && <AppLink href={`${issueHref}#related-issues`}>+ {more} more</AppLink>}
        </div>
      )}
    </span>
  );
}
