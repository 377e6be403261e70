import { defaultRangeExtractor, type Range, useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { DiscussionListHandle } from './DiscussionList';
import type { Discussion } from './notesApi';

/** The gap between entries (--space-3). */
const GAP = 12;
/** Rows rendered beyond the viewport on each side. */
const OVERSCAN = 10;
/** The next page is asked for when the last row in the viewport is this close to the end. */
const LOAD_AHEAD = 8;

/** Where the list starts in the document, kept up to date while what is above it changes size. */
function useDocumentOffset(ref: React.RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setOffset((previous) => (previous === top ? previous : top));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}

/**
 * The activity's discussions as a virtualized list over the window's scroll: only the rows near
 * the viewport are in the document (heights measured as they render), so an issue with thousands
 * of notes scrolls smoothly. Rows with an open form stay mounted. Scrolling near the end asks
 * for the next page. Its own chunk, with @tanstack/react-virtual and nothing else of the activity
 * (rows and class names come from `DiscussionList`, which loads it for long timelines).
 */
export function VirtualDiscussionList({
  discussions,
  renderDiscussion,
  classNames,
  onNearEnd,
  handle,
}: {
  discussions: readonly Discussion[];
  /** A row's content; `pin` keeps the row mounted while the returned function has not been called. */
  renderDiscussion: (discussion: Discussion, pin: () => () => void) => ReactNode;
  classNames: { list: string; row: string };
  /** Called when the end of what is loaded comes near (the caller fetches the next page, if any). */
  onNearEnd: () => void;
  handle?: React.RefObject<DiscussionListHandle | null>;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const scrollMargin = useDocumentOffset(listRef);
  const [pinned, setPinned] = useState<ReadonlyMap<string, number>>(new Map());
  const pinnedIndexes = useMemo(() => {
    if (pinned.size === 0) return [];
    return discussions.flatMap((d, i) => (pinned.has(d.id) ? [i] : []));
  }, [pinned, discussions]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const shown = defaultRangeExtractor(range);
      if (pinnedIndexes.length === 0) return shown;
      return [...new Set([...shown, ...pinnedIndexes])].sort((a, b) => a - b);
    },
    [pinnedIndexes],
  );
  const virtualizer = useWindowVirtualizer({
    count: discussions.length,
    estimateSize: () => 110,
    overscan: OVERSCAN,
    gap: GAP,
    scrollMargin,
    getItemKey: (index) => discussions[index]?.id ?? index,
    rangeExtractor,
  });
  const pinners = useMemo(() => new Map<string, () => () => void>(), []);
  const pinnerFor = (id: string) => {
    let pinner = pinners.get(id);
    if (!pinner) {
      pinner = () => {
        setPinned((previous) => new Map(previous).set(id, (previous.get(id) ?? 0) + 1));
        return () =>
          setPinned((previous) => {
            const next = new Map(previous);
            const count = (next.get(id) ?? 1) - 1;
            if (count > 0) next.set(id, count);
            else next.delete(id);
            return next;
          });
      };
      pinners.set(id, pinner);
    }
    return pinner;
  };

  const items = virtualizer.getVirtualItems();
  // The last row in the viewport (not the overscan): the next page waits until the reader comes near.
  const lastVisible = virtualizer.range?.endIndex ?? -1;
  useEffect(() => {
    if (lastVisible >= discussions.length - 1 - LOAD_AHEAD) onNearEnd();
  }, [lastVisible, discussions.length, onNearEnd]);

  useEffect(() => {
    if (!handle) return;
    handle.current = { scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'start' }) };
    return () => {
      handle.current = null;
    };
  }, [handle, virtualizer]);

  return (
    <ol ref={listRef} className={classNames.list} style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const discussion = discussions[item.index]!;
        return (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={classNames.row}
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            {renderDiscussion(discussion, pinnerFor(discussion.id))}
          </li>
        );
      })}
    </ol>
  );
}
