import { applyBarEdit, type BarEdit, cellsToUnits, type PresetType } from '@meridian/domain';
import { type KeyboardEvent, type PointerEvent, type RefObject, useRef, useState } from 'react';
import type { RoadmapEpic } from './roadmapApi';
import type { EditDates } from './timelineLayout';

interface DragState {
  mode: BarEdit;
  startX: number;
  units: number;
  moved: boolean;
}

interface BarDragOptions {
  epic: RoadmapEpic;
  /** The epic's fixed dates; null when it lacks one (then it cannot be edited). */
  dates: EditDates | null;
  canEdit: boolean;
  cellWidth: number;
  preset: PresetType;
  barRef: RefObject<HTMLAnchorElement | null>;
  onEditDates: (epic: RoadmapEpic, dates: EditDates) => void;
  onDragStart: () => void;
}

/**
 * Drag and keyboard editing of a bar: pointer drags move it or resize either end by whole timeframe
 * units (previewed while dragging, saved on release, dropped on cancel); ArrowLeft/Right move it by
 * one unit, with Shift they change the due date. A drag that moved swallows the click that follows.
 */
export function useBarDrag({
  epic,
  dates,
  canEdit,
  cellWidth,
  preset,
  barRef,
  onEditDates,
  onDragStart,
}: BarDragOptions) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const suppressClick = useRef(false);

  const preview = drag && dates && drag.units !== 0 ? applyBarEdit(dates, drag.mode, drag.units, preset) : null;

  const startDrag = (event: PointerEvent<HTMLElement>, mode: BarEdit) => {
    if (!canEdit || event.button !== 0) return;
    event.stopPropagation();
    barRef.current?.setPointerCapture(event.pointerId);
    onDragStart();
    setDrag({ mode, startX: event.clientX, units: 0, moved: false });
  };
  const onPointerMove = (event: PointerEvent<HTMLAnchorElement>) => {
    if (!drag) return;
    const dx = event.clientX - drag.startX;
    const units = cellsToUnits(dx / cellWidth, preset);
    const moved = drag.moved || Math.abs(dx) > 4;
    if (units !== drag.units || moved !== drag.moved) setDrag({ ...drag, units, moved });
  };
  const endDrag = (event: PointerEvent<HTMLAnchorElement>, cancelled: boolean) => {
    if (!drag) return;
    barRef.current?.releasePointerCapture?.(event.pointerId);
    if (drag.moved) suppressClick.current = true;
    if (!cancelled && dates && drag.units !== 0) onEditDates(epic, applyBarEdit(dates, drag.mode, drag.units, preset));
    setDrag(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (!canEdit || !dates) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const units = event.key === 'ArrowLeft' ? -1 : 1;
    onEditDates(epic, applyBarEdit(dates, event.shiftKey ? 'resize-end' : 'move', units, preset));
  };
  /** True (once) when the click ends a drag and must not follow the link. */
  const consumeSuppressedClick = (): boolean => {
    if (!suppressClick.current) return false;
    suppressClick.current = false;
    return true;
  };

  return {
    dragging: drag !== null,
    moved: !!drag?.moved,
    preview,
    startDrag,
    onPointerMove,
    endDrag,
    onKeyDown,
    consumeSuppressedClick,
  };
}
