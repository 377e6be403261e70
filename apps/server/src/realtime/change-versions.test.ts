import { describe, expect, it } from 'vitest';
import { ChangeVersions } from './change-versions';

describe('ChangeVersions', () => {
  it('knows nothing until a poll settles an item, then answers lookups from memory', () => {
    const v = new ChangeVersions();
    v.reset(true);
    expect(v.lookup('issue:a/b#1')).toBeUndefined();
    const version = v.settle('issue:a/b#1', 'Issue:7', v.mark());
    expect(version).toMatch(/^local-/);
    expect(v.lookup('issue:a/b#1')).toEqual({ itemKey: 'Issue:7', version });
  });

  it('takes the version of every change event, the same in every process', () => {
    const v = new ChangeVersions();
    v.reset(true);
    v.settle('issue:a/b#1', 'Issue:7', v.mark());
    v.changed('Issue:7', '901');
    expect(v.lookup('issue:a/b#1')?.version).toBe('901');
    expect(v.settle('issue:a/b#1', 'Issue:7', v.mark())).toBe('901');
  });

  it('gives no version to an answer read while a change or a reset came in', () => {
    const v = new ChangeVersions();
    v.reset(true);
    const mark = v.mark();
    v.changed('Issue:7', '902');
    expect(v.settle('issue:a/b#1', 'Issue:7', mark)).toBeUndefined();
    const beforeReset = v.mark();
    v.reset(true);
    expect(v.settle('issue:a/b#1', 'Issue:7', beforeReset)).toBeUndefined();
    expect(v.settle('issue:a/b#1', 'Issue:7', v.mark())).toBeDefined();
  });

  it('forgets everything and trusts nothing while the listener is down', () => {
    const v = new ChangeVersions();
    v.reset(true);
    v.settle('issue:a/b#1', 'Issue:7', v.mark());
    v.reset(false);
    expect(v.lookup('issue:a/b#1')).toBeUndefined();
    expect(v.settle('issue:a/b#1', 'Issue:7', v.mark())).toBeUndefined();
    v.reset(true);
    expect(v.settle('issue:a/b#1', 'Issue:7', v.mark())).toBeDefined();
  });

  it('stays within its capacity, forgetting the least recently used', () => {
    const v = new ChangeVersions(3);
    v.reset(true);
    for (const id of [1, 2, 3]) v.settle(`p#${id}`, `Issue:${id}`, v.mark());
    v.lookup('p#1');
    v.changed('Issue:1', '5');
    v.changed('Issue:4', '6');
    expect(v.size).toBe(3);
    expect(v.lookup('p#2')).toBeUndefined();
    expect(v.lookup('p#1')?.version).toBe('5');
  });

  it('gives no version when the item was pushed out by changes after the read began', () => {
    const v = new ChangeVersions(2);
    v.reset(true);
    const mark = v.mark();
    v.changed('Issue:1', '7');
    v.changed('Issue:2', '8');
    v.changed('Issue:3', '9');
    expect(v.settle('p#1', 'Issue:1', mark)).toBeUndefined();
  });
});
