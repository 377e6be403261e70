import { describe } from 'vitest';
import { expectCases } from '../test/cases';
import { formatSearchText, formatTokenValue } from './format-token';
import { TOKEN_DEFINITIONS } from './token-definitions';
import type { SearchItem } from './types';

describe('formatTokenValue', () => {
  expectCases(
    formatTokenValue,
    [
      ['root', 'root'],
      ['Bug fix', '"Bug fix"'],
      ['say "hi" now', `'say "hi" now'`],
      ["it's fine", `"it's fine"`],
      ['tab\there', '"tab\there"'],
      ['"quoted"', `'"quoted"'`],
      ["'single'", `"'single'"`],
      ['a"b', 'a"b'],
      ['Größe ✓', '"Größe ✓"'],
      ['', ''],
    ],
    '%j → %s',
  );
});

describe('formatSearchText', () => {
  const defs = Object.values(TOKEN_DEFINITIONS);
  expectCases(
    (items: SearchItem[]) => formatSearchText(items, defs),
    [
      [[], ''],
      [
        [
          { type: 'author', operator: '=', value: 'root' },
          { type: 'label', operator: '!=', value: 'Bug fix' },
          { type: 'milestone', operator: '=', value: 'v1.0' },
          { type: 'text', value: 'fix' },
          { type: 'text', value: 'crash' },
        ],
        'author:=@root label:!=~"Bug fix" milestone:=%v1.0 fix crash',
      ],
      [[{ type: 'label', operator: '||', value: 'a' }], 'label:||~a'],
      [[{ type: 'epic', operator: '=', value: 'acme::&12' }], 'epic:=&acme::&12'],
      [[{ type: 'assignee', operator: '=', value: 'None' }], 'assignee:=None'],
      [[{ type: 'iteration', operator: '!=', value: 'Current' }], 'iteration:!=Current'],
      [[{ type: 'release', operator: '=', value: 'v 1' }], 'release:="v 1"'],
      [[{ type: 'my-reaction', operator: '!=', value: 'thumbsup' }], 'my-reaction:!=thumbsup'],
    ],
    '%j → %s',
  );
});
