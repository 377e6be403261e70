import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Popover } from 'react-aria-components';
import styles from './RoadmapPopover.module.css';
import type { PopoverControls } from './timelineLayout';

interface PopoverState {
  target: HTMLElement;
  content: ReactNode;
}

/** The one popover of the timeline (bars and milestones): which element it points at and what it shows. */
export function useRoadmapPopover(): PopoverControls & { popover: PopoverState | null } {
  const [popover, setPopover] = useState<PopoverState | null>(null);
  const showPopover = useCallback((target: HTMLElement, content: ReactNode) => setPopover({ target, content }), []);
  const hidePopover = useCallback(() => setPopover(null), []);
  return { popover, showPopover, hidePopover };
}

/**
 * Shown under the hovered or focused element, kept inside the viewport by React Aria; non-modal, so
 * focus stays on the bar or milestone. It closes when the timeline scrolls away from it.
 */
export function RoadmapPopover({ popover, onClose }: { popover: PopoverState | null; onClose: () => void }) {
  const target = popover?.target ?? null;
  const triggerRef = useMemo(() => ({ current: target }), [target]);
  if (!popover) return null;
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      isNonModal
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      placement="bottom start"
      offset={6}
      className={styles.popover}
    >
      <div role="tooltip">{popover.content}</div>
    </Popover>
  );
}
