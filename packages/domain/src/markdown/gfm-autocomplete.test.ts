import { describe, expect, it } from 'vitest';
import { expectCases } from '../test/cases';
import { applyGfmChoice, findGfmQuery, type GfmChoice, gfmReferenceText } from './gfm-autocomplete';

/** `|` marks the caret. */
const at = (marked: string) => {
  const q = findGfmQuery(marked.replace('|', ''), marked.indexOf('|'));
  return q && [q.trigger, q.query, q.start];
};

describe('findGfmQuery', () => {
  expectCases(at, [
    ['@|', ['@', '', 0]],
    ['hi @ro|', ['@', 'ro', 3]],
    ['hi @ro| more', ['@', 'ro', 3]],
    ['see #12|', ['#', '12', 4]],
    ['see #log|', ['#', 'log', 4]],
    ['(!3|', ['!', '3', 1]],
    ['&ep|', ['&', 'ep', 0]],
    ['~bu|', ['~', 'bu', 0]],
    ['~"two wo|', ['~', 'two wo', 0]],
    ['%"v1 |', ['%', 'v1 ', 0]],
    ['%v1|', ['%', 'v1', 0]],
    ['a :smi|', [':', 'smi', 2]],
    ['line\n@x|', ['@', 'x', 5]],
    ['@ro more|', null],
    ['bob@ex|', null],
    ['issue#3|', null],
    ['http:|', null],
    ['a :|', null],
    ['a :)|', null],
    ['#two words|', null],
    ['~"closed" x|', null],
    ['|@ro', null],
    [`@${'a'.repeat(20)}|`, ['@', 'a'.repeat(20), 0]],
    [`@${'a'.repeat(21)}|`, null],
    [`~"${'a'.repeat(21)}|`, null],
    ['plain text|', null],
  ]);

  it('is constant work on a long line without spaces: reads only the characters just before the caret', () => {
    const line = 'x'.repeat(1_000_000);
    const read: number[] = [];
    // The line as a string that records which characters are read.
    const watched = new Proxy(new String(line), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read.push(Number(key));
        const value = Reflect.get(target, key, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as unknown as string;
    expect(findGfmQuery(watched, line.length)).toBeNull();
    expect(read.length).toBeGreaterThan(0);
    expect(Math.min(...read)).toBeGreaterThanOrEqual(line.length - 30);
  });
});

describe('gfmReferenceText', () => {
  expectCases(gfmReferenceText, [
    [{ source: 'members', username: 'root' }, '@root'],
    [{ source: 'issues', reference: '#12' }, '#12'],
    [{ source: 'merge_requests', reference: 'acme/api!3' }, 'acme/api!3'],
    [{ source: 'epics', reference: '&5' }, '&5'],
    [{ source: 'labels', title: 'bug' }, '~bug'],
    [{ source: 'labels', title: 'two words' }, '~"two words"'],
    [{ source: 'labels', title: 'scope::high' }, '~"scope::high"'],
    [{ source: 'milestones', title: 'v1.0' }, '%v1.0'],
    [{ source: 'milestones', title: 'Sprint 3' }, '%"Sprint 3"'],
    [{ source: 'emojis', name: 'thumbsup' }, ':thumbsup:'],
  ] satisfies Array<[GfmChoice, string]>);
});

describe('applyGfmChoice', () => {
  const apply = ([marked, choice]: [string, GfmChoice]) => {
    const text = marked.replace('|', '');
    const caret = marked.indexOf('|');
    const q = findGfmQuery(text, caret);
    if (!q) return null;
    const next = applyGfmChoice(text, caret, q, choice);
    return `${next.text.slice(0, next.caret)}|${next.text.slice(next.caret)}`;
  };
  expectCases(apply, [
    [['hi @ro|', { source: 'members', username: 'root' }], 'hi @root |'],
    [['hi @ro| there', { source: 'members', username: 'root' }], 'hi @root |there'],
    [['~"two|', { source: 'labels', title: 'two words' }], '~"two words" |'],
    [['fix #1|', { source: 'issues', reference: '#12' }], 'fix #12 |'],
    [[':thu|', { source: 'emojis', name: 'thumbsup' }], ':thumbsup: |'],
  ]);
});
