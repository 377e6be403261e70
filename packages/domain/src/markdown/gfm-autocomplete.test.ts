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

  it('is constant work on a long line without spaces', () => {
    const text = `${'x'.repeat(1_000_000)}`;
    const started = performance.now();
    for (let i = 0; i < 1000; i++) findGfmQuery(text, text.length);
    expect(performance.now() - started).toBeLessThan(50);
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
