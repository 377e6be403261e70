import { HEALTH_STATUS_OF_GRAPHQL, type KeyboardMoveKey } from '@meridian/domain';
import { type DragEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { formatDate, isPastDue, timeAgo } from '../../../lib/format';
import { Avatar } from '../../../ui/Avatar';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { LabelList } from '../../../ui/LabelBadge';
import { HEALTH_STATUS } from '../../shared/healthStatus';
import styles from './ChildItemsPanel.module.css';
import { TreeLevel } from './TreeLevel';
import type { TreeItem } from './treeApi';
import { ChevronIcon, GripIcon, TreeIcon, treeIconName } from './treeIcons';
import { type DropTarget, useTree } from './treeState';
import { useTreeView } from './treeView';

/** The keys a movable row answers to (also in the panel's help). */
export const MOVE_KEYS_HELP =
  'Alt+Up and Alt+Down move the item within its parent; Tab moves it into the epic above; Shift+Tab moves it out of its parent.';

const HOVER_EXPAND_MS = 1000;

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export interface RowProps {
  item: TreeItem;
  parentId: string;
  parentTitle: string;
  depth: number;
  /** Signed in and the parent's relations may be administered. */
  canAdminParent: boolean;
}

function zoneOf(event: DragEvent<HTMLElement>, isEpic: boolean): DropTarget['zone'] {
  const rect = event.currentTarget.getBoundingClientRect();
  const y = (event.clientY - rect.top) / Math.max(rect.height, 1);
  if (!isEpic) return y < 0.5 ? 'before' : 'after';
  if (y < 0.25) return 'before';
  return y > 0.75 ? 'after' : 'into';
}

export function TreeRow({ item, parentId, parentTitle, depth, canAdminParent }: RowProps) {
  const tree = useTree();
  const { signedIn, showLabels, onRemove } = useTreeView();
  const rowRef = useRef<HTMLDivElement>(null);
  const hover = useRef<{ since: number } | null>(null);
  const isEpic = item.kind === 'Epic';
  const expanded = tree.expanded.has(item.id);
  const canMove = canAdminParent && (!isEpic || item.adminRelation);
  const drop = tree.dropTarget?.itemId === item.id ? tree.dropTarget.zone : null;
  const closed = item.state === 'closed';
  const when = closed ? item.closedAt : item.createdAt;
  const iconTitle = `${closed ? 'Closed' : 'Created'} ${timeAgo(when)}`;
  const health = item.healthStatus ? HEALTH_STATUS[HEALTH_STATUS_OF_GRAPHQL[item.healthStatus]] : null;

  useEffect(() => {
    // A moved row takes the focus back once it can hold it (its new level's permissions loaded).
    if (tree.focusAfterMove.current === item.id && canMove && rowRef.current) {
      tree.focusAfterMove.current = null;
      rowRef.current.focus();
    }
  });

  const draggedHere = () => {
    const dragged = tree.dragging;
    if (!dragged || dragged.item.id === item.id) return false;
    // Not into itself: rows under the dragged epic are inside its list item.
    return !rowRef.current?.closest(`[data-tree-item="${CSS.escape(dragged.item.id)}"]`);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!draggedHere()) return;
    const zone = zoneOf(event, isEpic && item.adminRelation);
    if (zone !== 'into' && !canAdminParent) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'move';
    if (tree.dropTarget?.itemId !== item.id || tree.dropTarget.zone !== zone)
      tree.setDropTarget({ itemId: item.id, zone });
    if (isEpic && !expanded && item.adminRelation) {
      hover.current ??= { since: Date.now() };
      if (Date.now() - hover.current.since >= HOVER_EXPAND_MS) tree.toggle(item.id, true);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const dragged = tree.dragging;
    hover.current = null;
    if (!dragged || !draggedHere()) return;
    event.preventDefault();
    event.stopPropagation();
    const zone = zoneOf(event, isEpic && item.adminRelation);
    if (zone !== 'into' && !canAdminParent) return;
    tree.setDropTarget(null);
    tree.setDragging(null);
    if (zone === 'into') {
      tree.toggle(item.id, true);
      tree.move(
        { item: dragged.item, fromParentId: dragged.parentId, toParentId: item.id, toIndex: 0 },
        `Moved ${dragged.item.title} into ${item.title}.`,
      );
      return;
    }
    const level = tree.levels.current.get(parentId);
    const siblings = (level?.items ?? []).filter((i) => i.id !== dragged.item.id);
    const at = siblings.findIndex((i) => i.id === item.id);
    const toIndex = at + (zone === 'after' ? 1 : 0);
    tree.move(
      { item: dragged.item, fromParentId: dragged.parentId, toParentId: parentId, toIndex },
      `Moved ${dragged.item.title}.`,
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || !canMove) return;
    let key: KeyboardMoveKey | null = null;
    if (event.altKey && event.key === 'ArrowUp') key = 'up';
    else if (event.altKey && event.key === 'ArrowDown') key = 'down';
    else if (event.key === 'Tab' && !event.altKey && !event.ctrlKey && !event.metaKey)
      key = event.shiftKey ? 'outdent' : 'indent';
    if (!key) return;
    const level = tree.levels.current.get(parentId);
    const siblings = level?.items ?? [];
    const index = siblings.findIndex((i) => i.id === item.id);
    const previous = siblings[index - 1];
    // Tab only moves when it can; otherwise it moves the focus as usual.
    if (key === 'indent' && !(previous?.kind === 'Epic' && previous.adminRelation)) return;
    if (key === 'outdent' && !level?.grandparentId) return;
    event.preventDefault();
    void tree.keyboard(key, item, parentId);
  };

  return (
    <li className={styles.item} data-tree-item={item.id} data-testid="tree-item">
      {/* biome-ignore lint/a11y/useSemanticElements: a tree row (its actions and keyboard moves), not a form fieldset */}
      <div
        ref={rowRef}
        className={`${styles.row} ${drop ? styles[`drop-${drop}`] : ''}`}
        role="group"
        tabIndex={canMove ? 0 : undefined}
        aria-label={canMove ? `${item.kind === 'Epic' ? 'Epic' : 'Issue'} ${item.title}` : undefined}
        aria-description={canMove ? MOVE_KEYS_HELP : undefined}
        data-testid="tree-row"
        data-kind={item.kind}
        draggable={canMove}
        onDragStart={(event) => {
          if (!canMove) return;
          event.stopPropagation();
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', item.reference);
          tree.setDragging({ item, parentId });
        }}
        onDragEnd={() => {
          tree.setDragging(null);
          tree.setDropTarget(null);
        }}
        onDragOver={onDragOver}
        onDragLeave={() => {
          hover.current = null;
        }}
        onDrop={onDrop}
        onKeyDown={onKeyDown}
        style={{ paddingInlineStart: `calc(var(--space-2) + ${depth * 20}px)` }}
      >
        {canMove ? (
          <span className={styles.grip} data-testid="drag-handle" title="Drag to move">
            <GripIcon />
          </span>
        ) : (
          <span className={styles.gripSpacer} />
        )}
        {isEpic && item.hasChildren ? (
          <Button
            variant="tertiary"
            size="small"
            className={styles.toggle}
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${item.title}`}
            onPress={() => tree.toggle(item.id)}
          >
            <ChevronIcon open={expanded} />
          </Button>
        ) : (
          <span className={styles.toggleSpacer} />
        )}
        <span
          className={`${styles.icon} ${closed ? styles.closed : ''} ${item.blocked && !closed ? styles.blocked : ''}`}
          title={iconTitle}
          role="img"
          aria-label={iconTitle}
          data-icon={treeIconName(item.kind, item.state, item.blocked)}
        >
          <TreeIcon name={treeIconName(item.kind, item.state, item.blocked)} />
        </span>
        <div className={styles.main}>
          <div className={styles.titleLine}>
            {item.confidential && (
              <Badge variant="warning" title="Confidential">
                Confidential
              </Badge>
            )}
            <a className={styles.title} href={item.webUrl}>
              {item.title}
            </a>
          </div>
          <div className={styles.meta}>
            <span className={styles.reference}>{item.reference}</span>
            {item.milestone && <span title="Milestone">⚑ {item.milestone.title}</span>}
            {item.dueDate && (
              <span className={isPastDue(item.dueDate) && !closed ? styles.pastDue : undefined} title="Due date">
                Due {formatDate(item.dueDate)}
              </span>
            )}
            {item.weight != null && <span title="Weight">Weight {item.weight}</span>}
            {item.descendantCounts && (
              <span title="Child epics and issues">
                {plural(item.descendantCounts.openedEpics + item.descendantCounts.closedEpics, 'epic')} ·{' '}
                {plural(item.descendantCounts.openedIssues + item.descendantCounts.closedIssues, 'issue')}
              </span>
            )}
            {item.blocked && !closed && <span className={styles.blockedText}>Blocked</span>}
          </div>
          {showLabels && item.labels.length > 0 && (
            <div className={styles.labels}>
              <LabelList
                labels={item.labels.map((l) => ({
                  id: 0,
                  name: l.title,
                  color: l.color,
                  text_color: l.textColor,
                  description: l.description,
                }))}
              />
            </div>
          )}
        </div>
        {health && <Badge variant={health.variant}>{health.text}</Badge>}
        {item.assignees.length > 0 && (
          <span className={styles.assignees}>
            {item.assignees.slice(0, 3).map((a) => (
              <a key={a.id} href={a.webUrl} title={`Assigned to ${a.name}`} aria-label={`Assigned to ${a.name}`}>
                <Avatar name={a.name} src={a.avatarUrl} size={24} />
              </a>
            ))}
          </span>
        )}
        {signedIn &&
          (canAdminParent && item.relationPath ? (
            <Button
              variant="tertiary"
              size="small"
              className={styles.remove}
              aria-label={`Remove ${item.title}`}
              onPress={() => onRemove(item, parentTitle)}
            >
              <span aria-hidden="true">✕</span>
            </Button>
          ) : (
            <span className={styles.removeSpacer} />
          ))}
      </div>
      {isEpic && expanded && item.groupFullPath && (
        <TreeLevel
          level={{
            rootGroupPath: tree.root.groupPath,
            rootIid: tree.root.iid,
            groupPath: item.groupFullPath,
            iid: item.iid,
          }}
          parentId={item.id}
          parentTitle={item.title}
          grandparentId={parentId}
          depth={depth + 1}
        />
      )}
    </li>
  );
}
