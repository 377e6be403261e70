import {
  type BarGeometry,
  barGeometry,
  epicProgress,
  type ProgressTracking,
  type Timeframe,
  timeframeText,
} from '@meridian/domain';
import { useRouter } from '@tanstack/react-router';
import { useRef } from 'react';
import styles from './EpicBar.module.css';
import shared from './Roadmap.module.css';
import type { RoadmapEpic } from './roadmapApi';
import type { EditDates, PopoverControls } from './timelineLayout';
import { useBarDrag } from './useBarDrag';

/** Below this width a bar shows an ellipsis instead of its title (RF §9). */
const MIN_TITLE_WIDTH = 56;

function progressText(mode: ProgressTracking, opened: number, closed: number): string {
  const total = opened + closed;
  return mode === 'WEIGHT' ? `${closed} of ${total} weight completed` : `${closed} of ${total} issues closed`;
}

interface EpicBarProps extends PopoverControls {
  epic: RoadmapEpic;
  geometry: BarGeometry;
  tf: Timeframe;
  cellWidth: number;
  showProgress: boolean;
  progressTracking: ProgressTracking;
  onEditDates: (epic: RoadmapEpic, dates: EditDates) => void;
}

/**
 * An epic's bar (RF §2): a link to the epic with its title (or an ellipsis), progress, out-of-range
 * marks and a popover; with admin rights it can be dragged, resized by its handles or moved by keys.
 */
export function EpicBar({
  epic,
  geometry,
  tf,
  cellWidth,
  showProgress,
  progressTracking,
  onEditDates,
  showPopover,
  hidePopover,
}: EpicBarProps) {
  const dates = epic.startDate && epic.dueDate ? { startDate: epic.startDate, dueDate: epic.dueDate } : null;
  const canEdit = !!epic.userPermissions?.adminEpic && dates !== null;
  const barRef = useRef<HTMLAnchorElement>(null);
  const router = useRouter();
  const { dragging, moved, preview, startDrag, onPointerMove, endDrag, onKeyDown, consumeSuppressedClick } = useBarDrag(
    {
      epic,
      dates,
      canEdit,
      cellWidth,
      preset: tf.preset,
      barRef,
      onEditDates,
      onDragStart: hidePopover,
    },
  );

  const g = (preview && barGeometry(preview, tf)) || geometry;
  const left = g.left * cellWidth;
  const width = Math.max(g.width * cellWidth, 8);
  const progress = epicProgress(epic, progressTracking);
  const progressShown = showProgress && width >= MIN_TITLE_WIDTH + 40;
  const text = timeframeText(preview ?? epic);
  const color = epic.color ?? 'var(--primary)';
  const textColor = epic.textColor ?? '#ffffff';

  const popover = (
    <>
      <p className={shared.popoverTitle}>{epic.title}</p>
      <p>{text}</p>
      {showProgress && <p>{progressText(progressTracking, progress.opened, progress.closed)}</p>}
    </>
  );

  const classes = [
    styles.bar,
    g.startOutOfRange ? styles.barStartOut : '',
    g.endOutOfRange ? styles.barEndOut : '',
    canEdit ? styles.barEditable : '',
    moved ? styles.barDragging : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <a
      ref={barRef}
      href={epic.webPath}
      className={classes}
      style={{ left, width, backgroundColor: color, color: textColor }}
      draggable={false}
      data-testid="roadmap-bar"
      data-epic-id={epic.id}
      data-editable={canEdit ? 'true' : 'false'}
      data-start-date={epic.startDate ?? ''}
      data-due-date={epic.dueDate ?? ''}
      aria-label={`${epic.title}${progressShown ? ` ${progress.percent}% complete` : ''}, ${text}${canEdit ? '. Use arrow keys to move, Shift plus arrow keys to change the due date' : ''}`}
      tabIndex={0}
      onPointerDown={(event) => startDrag(event, 'move')}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endDrag(event, false)}
      onPointerCancel={(event) => endDrag(event, true)}
      onClick={(event) => {
        if (consumeSuppressedClick()) {
          event.preventDefault();
          return;
        }
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void router.navigate({ href: epic.webPath });
      }}
      onKeyDown={onKeyDown}
      onPointerEnter={(event) => !dragging && showPopover(event.currentTarget, popover)}
      onPointerLeave={hidePopover}
      onFocus={(event) => showPopover(event.currentTarget, popover)}
      onBlur={hidePopover}
    >
      {g.startOutOfRange && (
        <span className={styles.outMark} aria-hidden="true">
          ‹
        </span>
      )}
      <span className={styles.barTitle}>{width < MIN_TITLE_WIDTH ? '…' : epic.title}</span>
      {/* Spaced from the title so the visible text reads as in the label ("Title 42%", WCAG 2.5.3). */}
      {progressShown && ' '}
      {progressShown && (
        <span className={styles.barProgress} data-testid="roadmap-progress">
          <span className={styles.progressTrack} aria-hidden="true">
            <span className={styles.progressFill} style={{ width: `${progress.percent}%` }} />
          </span>
          <span className={styles.progressPercent}>{progress.percent}%</span>
        </span>
      )}
      {g.endOutOfRange && (
        <span className={styles.outMark} aria-hidden="true">
          ›
        </span>
      )}
      {canEdit && (
        <>
          <span
            className={`${styles.handle} ${styles.handleStart}`}
            data-testid="bar-handle-start"
            aria-hidden="true"
            onPointerDown={(event) => startDrag(event, 'resize-start')}
          />
          <span
            className={`${styles.handle} ${styles.handleEnd}`}
            data-testid="bar-handle-end"
            aria-hidden="true"
            onPointerDown={(event) => startDrag(event, 'resize-end')}
          />
        </>
      )}
    </a>
  );
}
