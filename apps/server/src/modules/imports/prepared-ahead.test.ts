import { describe, expect, it } from 'vitest';
import { preparedAhead } from './prepared-ahead';

/** Batches of the given sizes (items numbered from 1), noting when each one is read. */
function source(sizes: number[], reads: number[]) {
  return (async function* () {
    let next = 1;
    for (const [at, size] of sizes.entries()) {
      reads.push(at);
      yield Array.from({ length: size }, () => next++);
    }
  })();
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('preparedAhead', () => {
  it('answers every batch in order with what was prepared for it', async () => {
    const out = [];
    for await (const { batch, prepared } of preparedAhead(source([2, 1, 3], []), async (b) => b.length * 10, 10)) {
      out.push([batch, prepared]);
    }
    expect(out).toEqual([
      [[1, 2], 20],
      [[3], 10],
      [[4, 5, 6], 30],
    ]);
  });

  it('reads ahead while the consumer works, but no more than maxItems items', async () => {
    const reads: number[] = [];
    const stream = preparedAhead(source([2, 2, 2, 2, 2], reads), (b) => b, 4);
    const first = await stream.next();
    expect(first.value?.batch).toEqual([1, 2]);
    await tick();
    // The batch handed out is not counted: two more (4 items) wait, the fourth is not read yet.
    expect(reads).toEqual([0, 1, 2]);
    await stream.next();
    await tick();
    expect(reads).toEqual([0, 1, 2, 3]);
    await stream.return(undefined);
  });

  it('starts preparing a batch as soon as it is read, before the consumer asks for it', async () => {
    const started: number[] = [];
    const stream = preparedAhead(source([1, 1, 1], []), (b) => started.push(b[0] as number), 10);
    await stream.next();
    await tick();
    expect(started).toEqual([1, 2, 3]);
    await stream.return(undefined);
  });

  it('stops reading when the consumer stops, and passes on a failure of the source or of prepare', async () => {
    const reads: number[] = [];
    for await (const _ of preparedAhead(source([1, 1, 1, 1], reads), (b) => b, 1)) break;
    expect(reads.length).toBeLessThan(4);
    const failing = (async function* () {
      yield [1];
      throw new Error('the archive ends early');
    })();
    await expect(async () => {
      for await (const _ of preparedAhead(failing, (b) => b, 10));
    }).rejects.toThrow('the archive ends early');
    await expect(async () => {
      for await (const _ of preparedAhead(source([1], []), () => Promise.reject(new Error('render failed')), 10));
    }).rejects.toThrow('render failed');
  });
});
