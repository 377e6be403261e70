import { describe, expect, it } from 'vitest';
import { type ResolvableNote, threadResolution } from './thread-resolution';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 12, minute));
const comment = (resolvedAt: Date | null = null, by: number | null = null): ResolvableNote => ({
  resolvable: true,
  system: false,
  resolved_at: resolvedAt,
  resolved_by_id: by,
});
const plain: ResolvableNote = { resolvable: false, system: false, resolved_at: null, resolved_by_id: null };
const system: ResolvableNote = { resolvable: true, system: true, resolved_at: null, resolved_by_id: null };

describe('threadResolution', () => {
  it.each([
    ['an empty thread', [], { resolvable: false, resolved: false, resolvedAt: null, resolvedById: null }],
    ['a lone comment', [plain], { resolvable: false, resolved: false, resolvedAt: null, resolvedById: null }],
    ['a system note', [system], { resolvable: false, resolved: false, resolvedAt: null, resolvedById: null }],
    [
      'an open thread',
      [comment(), comment(at(5), 2)],
      { resolvable: true, resolved: false, resolvedAt: null, resolvedById: null },
    ],
    [
      'a resolved thread: the last resolution wins',
      [comment(at(9), 7), comment(at(3), 2)],
      { resolvable: true, resolved: true, resolvedAt: at(9), resolvedById: 7 },
    ],
    [
      'a resolved thread with a reply that is not resolvable',
      [comment(at(1), 4), plain],
      { resolvable: true, resolved: true, resolvedAt: at(1), resolvedById: 4 },
    ],
    [
      'a thread whose first note is not resolvable ignores later resolutions',
      [plain, comment(at(2), 3)],
      { resolvable: false, resolved: false, resolvedAt: null, resolvedById: null },
    ],
  ])('%s', (_name, notes, expected) => {
    expect(threadResolution(notes)).toEqual(expected);
  });
});
