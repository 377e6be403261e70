import { TOKEN_DEFINITIONS } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { interpretTyping } from './interpretTyping';
import { type BarState, initialBarState } from './searchBarState';

const defs = [TOKEN_DEFINITIONS.author, TOKEN_DEFINITIONS.label, TOKEN_DEFINITIONS.milestone];
const empty = initialBarState([]);
const valueStage: BarState = { ...empty, pending: { type: 'milestone', operator: '=' } };

describe('interpretTyping', () => {
  it.each([
    ['free text keeps typing', empty, 'fix', { kind: 'text', text: 'fix' }],
    ['key: picks the key', empty, 'Label:', { kind: 'key', type: 'label' }],
    ['unknown key: stays text', empty, 'nope:', { kind: 'text', text: 'nope:' }],
    ['a space after a word commits it', empty, 'fix ', { kind: 'words', items: [{ type: 'text', value: 'fix' }] }],
    [
      'pasted key:op value text becomes a token',
      empty,
      'author:!=@bob ',
      { kind: 'words', items: [{ type: 'author', operator: '!=', value: 'bob' }] },
    ],
    [
      'an operator then space picks it',
      { ...empty, pending: { type: 'author' } },
      '|| ',
      { kind: 'operator', operator: '||' },
    ],
    ['a value then space commits it', valueStage, '%v1.0 ', { kind: 'value', value: 'v1.0' }],
    ['an open quote keeps typing', valueStage, '"Release 1', { kind: 'text', text: '"Release 1' }],
    ['an open quote keeps the space', valueStage, '"Release ', { kind: 'text', text: '"Release ' }],
    ['a closed quote commits without quotes', valueStage, '"Release 1" ', { kind: 'value', value: 'Release 1' }],
  ] as const)('%s', (_name, state, text, expected) => {
    expect(interpretTyping(state, text, defs)).toEqual(expected);
  });

  it('a space continuing an offered value does not commit', () => {
    expect(interpretTyping(valueStage, '2026 ', defs, ['2026 Q4'])).toEqual({ kind: 'text', text: '2026 ' });
    expect(interpretTyping(valueStage, '2026 ', defs, ['2026'])).toEqual({ kind: 'value', value: '2026' });
  });
});
