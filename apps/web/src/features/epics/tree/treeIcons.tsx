import { EpicIcon } from '../../../ui/EpicIcon';
import { Glyph } from '../../../ui/Glyph';

/** GitLab's row icons: epic / epic-closed, issues / issue-closed, entity-blocked. */
export type TreeIconName = 'epic' | 'epic-closed' | 'issues' | 'issue-closed' | 'entity-blocked';

export function treeIconName(kind: 'Epic' | 'Issue', state: 'opened' | 'closed', blocked: boolean): TreeIconName {
  if (kind === 'Epic') return state === 'closed' ? 'epic-closed' : 'epic';
  if (state === 'closed') return 'issue-closed';
  return blocked ? 'entity-blocked' : 'issues';
}

export function TreeIcon({ name }: { name: TreeIconName }) {
  switch (name) {
    case 'epic':
    case 'epic-closed':
      return <EpicIcon closed={name === 'epic-closed'} />;
    case 'issue-closed':
      return (
        <Glyph>
          <circle cx="8" cy="8" r="6.3" fill="none" stroke="currentColor" strokeWidth="1.4" />
          <path d="M5.3 8.2l1.9 1.9 3.6-3.8" fill="none" stroke="currentColor" strokeWidth="1.4" />
        </Glyph>
      );
    case 'entity-blocked':
      return (
        <Glyph>
          <circle cx="8" cy="8" r="6.3" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M3.7 12.3l8.6-8.6" stroke="currentColor" strokeWidth="1.5" />
        </Glyph>
      );
    default:
      return (
        <Glyph>
          <circle cx="8" cy="8" r="6.3" fill="none" stroke="currentColor" strokeWidth="1.4" />
          <circle cx="8" cy="8" r="1.6" fill="currentColor" />
        </Glyph>
      );
  }
}

export function ChevronIcon({ open }: { open: boolean }) {
  return (
    <Glyph style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}>
      <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </Glyph>
  );
}

export function GripIcon() {
  return (
    <Glyph>
      {[4, 8, 12].flatMap((y) => [
        <circle key={`a${y}`} cx="6" cy={y} r="1.1" fill="currentColor" />,
        <circle key={`b${y}`} cx="10" cy={y} r="1.1" fill="currentColor" />,
      ])}
    </Glyph>
  );
}
