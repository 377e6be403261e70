import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { parseSearchText } from './parse-search-text';
import { TOKEN_DEFINITIONS } from './token-definitions';
import type { SearchItem, TokenDefinition } from './types';

const all: TokenDefinition[] = Object.values(TOKEN_DEFINITIONS);
const epicsDefs = [TOKEN_DEFINITIONS.author, TOKEN_DEFINITIONS.label, TOKEN_DEFINITIONS['my-reaction']];
const t = (type: SearchItem['type'], operator: '=' | '!=' | '||', value: string): SearchItem =>
  type === 'text' ? { type, value } : { type, operator, value };
const text = (value: string): SearchItem => ({ type: 'text', value });

describe('parseSearchText', () => {
  expectCases(
    (input) => parseSearchText(input, all),
    [
      ['', []],
      ['   ', []],
      ['fix crash', [text('fix'), text('crash')]],
      [
        `author:=@root label:!=~"Bug fix" milestone:%'v1.0' fix crash`,
        [
          t('author', '=', 'root'),
          t('label', '!=', 'Bug fix'),
          t('milestone', '=', 'v1.0'),
          text('fix'),
          text('crash'),
        ],
      ],
      // operator optional, symbol optional
      ['author:root', [t('author', '=', 'root')]],
      ['author:@root', [t('author', '=', 'root')]],
      ['author:=root', [t('author', '=', 'root')]],
      ['author:!=@root', [t('author', '!=', 'root')]],
      ['author:||@root author:||@ada', [t('author', '||', 'root'), t('author', '||', 'ada')]],
      ['label:||~bug', [t('label', '||', 'bug')]],
      // quoting
      ['label:~"Bug fix"', [t('label', '=', 'Bug fix')]],
      ["label:~'Bug fix'", [t('label', '=', 'Bug fix')]],
      [`label:~'say "hi" now'`, [t('label', '=', 'say "hi" now')]],
      [`label:~"it's fine"`, [t('label', '=', "it's fine")]],
      ['label:"unterminated quote', [t('label', '=', 'unterminated quote')]],
      ['label:~bug"x', [t('label', '=', 'bug"x')]],
      ['label:"a b"rest', [t('label', '=', 'a b'), text('rest')]],
      // symbols belong to their key only; another symbol stays in the value
      ['label:~~double', [t('label', '=', '~double')]],
      ['milestone:%v1 release:%v2', [t('milestone', '=', 'v1'), t('release', '=', '%v2')]],
      ['epic:&12', [t('epic', '=', '12')]],
      ['epic:=&acme::&12', [t('epic', '=', 'acme::&12')]],
      ['epic:None', [t('epic', '=', 'None')]],
      // key by type or title, any case
      ['AUTHOR:root', [t('author', '=', 'root')]],
      ['My-Reaction:thumbsup', [t('my-reaction', '=', 'thumbsup')]],
      ['Target-Branch:main', [t('target-branch', '=', 'main')]],
      ['merged-by:@root', [t('merge-user', '=', 'root')]],
      ['approved-by:@root', [t('approved-by', '=', 'root')]],
      // predefined values
      [
        'assignee:None weight:Any iteration:!=Current',
        [t('assignee', '=', 'None'), t('weight', '=', 'Any'), t('iteration', '!=', 'Current')],
      ],
      ['confidential:Yes draft:no', [t('confidential', '=', 'Yes'), t('draft', '=', 'no')]],
      // unknown keys, disallowed operators and empty values stay text
      ['foo:bar', [text('foo:bar')]],
      ['foo:"a b"', [text('foo:"a'), text('b"')]],
      ['milestone:!=%v1', [text('milestone:!=%v1')]],
      ['milestone:||%v1', [text('milestone:||%v1')]],
      ['author:', [text('author:')]],
      ['author:@', [text('author:@')]],
      ['label:""', [text('label:""')]],
      ['https://example.com/x', [text('https://example.com/x')]],
      // duplicates: same key, operator and value dropped, the first kept
      ['label:~bug label:~bug', [t('label', '=', 'bug')]],
      ['label:~bug label:!=~bug', [t('label', '=', 'bug'), t('label', '!=', 'bug')]],
      ['author:@root x author:=root', [t('author', '=', 'root'), text('x')]],
      ['word word', [text('word'), text('word')]],
      // unicode and whitespace
      ['label:~"Größe ✓" naïve\tword\n', [t('label', '=', 'Größe ✓'), text('naïve'), text('word')]],
      ['label:~日本語', [t('label', '=', '日本語')]],
    ],
    '%j',
  );

  it('only knows the keys it is given', () => {
    expect(parseSearchText('weight:3 author:root', epicsDefs)).toEqual([text('weight:3'), t('author', '=', 'root')]);
  });
});
