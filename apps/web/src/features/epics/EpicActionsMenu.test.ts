import { describe, expect, it } from 'vitest';
import { type EpicMenuFlags, epicMenuItems } from './EpicActionsMenu';

const epic = { author: { id: 1, name: 'Alice', username: 'alice' }, state: 'opened' as const };
const none: EpicMenuFlags = { myId: 2, update: false, create: false, destroy: false, subscribed: false, narrow: false };
const labels = (flags: Partial<EpicMenuFlags>, state: 'opened' | 'closed' = 'opened') =>
  epicMenuItems({ ...epic, state }, { ...none, ...flags }).map((item) => item.label);

describe('epicMenuItems (IE §2.3)', () => {
  it.each<[string, Partial<EpicMenuFlags>, 'opened' | 'closed', string[]]>([
    ['anonymous: Copy reference only', { myId: null }, 'opened', ['Copy reference']],
    [
      'a Guest: notifications and Report abuse',
      {},
      'opened',
      ['Copy reference', 'Turn on notifications', 'Report abuse'],
    ],
    ['the author: no Report abuse', { myId: 1 }, 'opened', ['Copy reference', 'Turn on notifications']],
    ['subscribed', { subscribed: true, myId: 1 }, 'opened', ['Copy reference', 'Turn off notifications']],
    [
      'an Owner on a wide screen: Edit and Close stay buttons',
      { myId: 1, update: true, create: true, destroy: true },
      'opened',
      ['New epic', 'Copy reference', 'Turn on notifications', 'Delete epic'],
    ],
    [
      'an Owner on a narrow screen: everything in the menu',
      { myId: 1, update: true, create: true, destroy: true, narrow: true },
      'closed',
      ['Edit', 'Reopen epic', 'New epic', 'Copy reference', 'Turn on notifications', 'Delete epic'],
    ],
    [
      'a Guest on a narrow screen: no Edit or Close',
      { narrow: true },
      'opened',
      ['Copy reference', 'Turn on notifications', 'Report abuse'],
    ],
  ])('%s', (_name, flags, state, expected) => {
    expect(labels(flags, state)).toEqual(expected);
  });
});
