import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyNamed } from '../../app/lazyNamed';
import { Spinner } from '../../ui/Spinner';
import { DiscussionItem } from './DiscussionItem';
import { KeepMountedContext } from './keepMounted';
import type { NoteViewer } from './NoteCard';
import styles from './Notes.module.css';
import type { Discussion, NoteableRef } from './notesApi';

const VirtualDiscussionList = lazyNamed(() => import('./VirtualDiscussionList'), 'VirtualDiscussionList');

/** A timeline fully loaded with at most this many discussions is rendered whole, without the virtualizer. */
const PLAIN_MAX = 50;

const VIRTUAL_CLASS_NAMES = { list: styles.virtualList ?? '', row: styles.virtualRow ?? '' };

export interface DiscussionListHandle {
  /** Scrolls the discussion at `index` into view (rendering it first). */
  scrollToIndex: (index: number) => void;
}

interface DiscussionListProps {
  noteable: NoteableRef;
  discussions: readonly Discussion[];
  viewer: NoteViewer;
  /** Called when the end of what is loaded comes near (the caller fetches the next page, if any). */
  onNearEnd: () => void;
  handle?: React.RefObject<DiscussionListHandle | null>;
  /** Every page is loaded (no next page). */
  complete: boolean;
}

/**
 * The activity's discussions. Most issues have a few: once every page is in and there are at most
 * `PLAIN_MAX`, they are a plain list, every row in the document. Longer timelines (and those with
 * more pages to load) are virtualized over the window's scroll (`VirtualDiscussionList`, loaded
 * then: the virtualizer is not in the issue page's first load). A list that was virtualized stays
 * so (switching would remount every row and lose an open reply's text).
 */
export function DiscussionList({ complete, ...props }: DiscussionListProps) {
  const [virtual, setVirtual] = useState(false);
  const needsVirtual = !complete || props.discussions.length > PLAIN_MAX;
  if (needsVirtual && !virtual) setVirtual(true);
  if (!needsVirtual && !virtual) return <PlainDiscussionList {...props} />;
  const { noteable, viewer } = props;
  return (
    <Suspense fallback={<Spinner label="Loading activity" />}>
      <VirtualDiscussionList
        discussions={props.discussions}
        renderDiscussion={(discussion, pin) => (
          <KeepMountedContext.Provider value={pin}>
            <DiscussionItem noteable={noteable} discussion={discussion} viewer={viewer} />
          </KeepMountedContext.Provider>
        )}
        classNames={VIRTUAL_CLASS_NAMES}
        onNearEnd={props.onNearEnd}
        handle={props.handle}
      />
    </Suspense>
  );
}

function PlainDiscussionList({
  noteable,
  discussions,
  viewer,
  handle,
}: Omit<DiscussionListProps, 'complete' | 'onNearEnd'>) {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!handle) return;
    handle.current = {
      scrollToIndex: (index) => listRef.current?.children[index]?.scrollIntoView({ block: 'start' }),
    };
    return () => {
      handle.current = null;
    };
  }, [handle]);
  return (
    <ol ref={listRef} className={styles.list}>
      {discussions.map((discussion) => (
        <li key={discussion.id}>
          <DiscussionItem noteable={noteable} discussion={discussion} viewer={viewer} />
        </li>
      ))}
    </ol>
  );
}
