import { describe, expect, it } from 'vitest';
import { TASK_TITLE_MAX, taskTitleAndDescription } from './task-title';

const long = 'x'.repeat(TASK_TITLE_MAX);

describe('taskTitleAndDescription (IE §5 Task conversion title)', () => {
  it.each<[string, string, string, { title: string; description: string }]>([
    ['a plain line', 'Write docs', '', { title: 'Write docs', description: '' }],
    ['keeps the body', 'Write docs', 'Body', { title: 'Write docs', description: 'Body' }],
    ['exactly the maximum', long, '', { title: long, description: '' }],
    [
      'over the maximum: cut, the rest opens the description',
      `${long}rest`,
      'Body',
      { title: long, description: 'rest\n\nBody' },
    ],
    [
      'cut by characters, not UTF-16 units',
      `${'é'.repeat(254)}😀😀`,
      '',
      { title: `${'é'.repeat(254)}😀`, description: '😀' },
    ],
    ['only inline code', '`npm test`', '', { title: 'Untitled', description: '`npm test`' }],
    ['only double-backtick code', '``a ` b``', 'Body', { title: 'Untitled', description: '``a ` b``\n\nBody' }],
    ['only an image', '![shot](/uploads/a.png)', '', { title: 'Untitled', description: '![shot](/uploads/a.png)' }],
    ['only images', '![a](/a.png) ![b](/b.png)', '', { title: 'Untitled', description: '![a](/a.png) ![b](/b.png)' }],
    ['a fence opening', '```js', 'x()\n```', { title: 'Untitled', description: '```js\nx()\n```' }],
    ['code among words is a title', 'Run `npm test` now', '', { title: 'Run `npm test` now', description: '' }],
    ['two code spans with words between', '`a` and `b`', '', { title: '`a` and `b`', description: '' }],
    ['an image with words', '![a](/a.png) see', '', { title: '![a](/a.png) see', description: '' }],
  ])('%s', (_name, line, description, expected) => {
    expect(taskTitleAndDescription(line, description)).toEqual(expected);
  });
});
