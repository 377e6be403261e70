import { describe, expect, it } from 'vitest';
import { BatchWrites } from './batch-writes';

/** A write that records when it starts and ends, and ends when `finish` is called. */
function gatedWrite(log: string[], name: string, fail?: unknown) {
  let finish = () => {};
  const write = () =>
    new Promise<void>((resolve, reject) => {
      log.push(`start ${name}`);
      finish = () => {
        log.push(`end ${name}`);
        if (fail) reject(fail);
        else resolve();
      };
    });
  return { write, finish: () => finish() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('BatchWrites', () => {
  it('writes two batches of an independent kind at once, and a third after the first ends', async () => {
    const log: string[] = [];
    const writes = new BatchWrites(2, new Set(['issues']));
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gatedWrite(log, name));
    await writes.start('issues', a?.write as () => Promise<void>);
    await writes.start('issues', b?.write as () => Promise<void>);
    expect(log).toEqual(['start a', 'start b']);
    const third = writes.start('issues', c?.write as () => Promise<void>);
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    a?.finish();
    await third;
    expect(log).toEqual(['start a', 'start b', 'end a', 'start c']);
    b?.finish();
    c?.finish();
    await writes.settle();
  });

  it('waits for every batch before one of another kind, or of a kind that is not independent', async () => {
    for (const [first, second] of [
      ['issues', 'notes'],
      ['groups', 'groups'],
    ] as const) {
      const log: string[] = [];
      const writes = new BatchWrites(2, new Set(['issues', 'notes']));
      const [a, b] = ['a', 'b'].map((name) => gatedWrite(log, name));
      await writes.start(first, a?.write as () => Promise<void>);
      const next = writes.start(second, b?.write as () => Promise<void>);
      await tick();
      expect(log).toEqual(['start a']);
      a?.finish();
      await next;
      expect(log).toEqual(['start a', 'end a', 'start b']);
      b?.finish();
      await writes.settle();
    }
  });

  it('writes one at a time with one writer', async () => {
    const log: string[] = [];
    const writes = new BatchWrites(1, new Set(['issues']));
    const [a, b] = ['a', 'b'].map((name) => gatedWrite(log, name));
    await writes.start('issues', a?.write as () => Promise<void>);
    const next = writes.start('issues', b?.write as () => Promise<void>);
    await tick();
    expect(log).toEqual(['start a']);
    a?.finish();
    await next;
    b?.finish();
    await writes.settle();
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('throws the first failure once every batch in flight has ended, and starts nothing after it', async () => {
    const log: string[] = [];
    const writes = new BatchWrites(2, new Set(['issues']));
    const failing = gatedWrite(log, 'a', new Error('refused'));
    const other = gatedWrite(log, 'b');
    await writes.start('issues', failing.write);
    await writes.start('issues', other.write);
    failing.finish();
    const third = writes.start('issues', async () => {
      log.push('start c');
    });
    await tick();
    expect(log).toEqual(['start a', 'start b', 'end a']);
    other.finish();
    await expect(third).rejects.toThrow('refused');
    expect(log).toEqual(['start a', 'start b', 'end a', 'end b']);
  });

  it('writes a batch the database chose as a deadlock victim again', async () => {
    let tries = 0;
    const writes = new BatchWrites(2, new Set(['issues']));
    await writes.start('issues', async () => {
      tries += 1;
      if (tries === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    await writes.settle();
    expect(tries).toBe(2);
    const refused = new BatchWrites(2, new Set(['issues']));
    await refused.start('issues', async () => {
      throw Object.assign(new Error('duplicate key'), { code: '23505' });
    });
    await expect(refused.settle()).rejects.toThrow('duplicate key');
  });
});
