import { type ReactNode, useCallback, useState } from 'react';
import styles from './Roadmap.module.css';
import type { PopoverControls } from './timelineLayout';

interface PopoverState {
  x: number;
  y: number;
  content: ReactNode;
}

/** The one popover of the timeline (bars and milestones): where it is and what it shows. */
export function useRoadmapPopover(): PopoverControls & { popover: PopoverState | null } {
  const [popover, setPopover] = useState<PopoverState | null>(null);
  const showPopover = useCallback((target: HTMLElement, content: ReactNode) => {
    const rect = target.getBoundingClientRect();
    setPopover({ x: Math.max(8, rect.left), y: rect.bottom + 6, content });
  }, []);
  const hidePopover = useCallback(() => setPopover(null), []);
  return { popover, showPopover, hidePopover };
}

export function RoadmapPopover({ popover }: { popover: PopoverState | null }) {
  if (!popover) return null;
  return (
    <div className={styles.popover} style={{ left: popover.x, top: popover.y }} role="tooltip">
      {popover.content}
    </div>
  );
}
