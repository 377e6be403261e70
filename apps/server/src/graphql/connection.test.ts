import { describe, expect, it } from 'vitest';
import { cursorFor, paginate, paginateArray, paginateService } from './connection';

const all = Array.from({ length: 5 }, (_, i) => i);
const fetchWindow = async ({ offset, limit }: { offset: number; limit: number }) => all.slice(offset, offset + limit);
const fetchService = async ({ offset, limit }: { offset: number; limit: number }) => ({
  rows: all.slice(offset, offset + limit),
  total: all.length,
});

describe('empty cursors (GitLab sends after: "" as its first cursor)', () => {
  it.each([
    ['after', { first: 2, after: '' }, [0, 1]],
    ['before', { last: 2, before: '' }, [3, 4]],
  ] as const)('reads an empty %s as the start of the list on every paginator', async (_name, args, expected) => {
    expect(paginateArray(args, all).items).toEqual(expected);
    expect((await paginate(args, fetchWindow, async () => all.length)).items).toEqual(expected);
    expect((await paginateService(args, fetchService)).items).toEqual(expected);
  });

  it('still pages from a real cursor and still refuses a bad one', async () => {
    expect(paginateArray({ first: 2, after: cursorFor(1) }, all).items).toEqual([2, 3]);
    expect(() => paginateArray({ first: 2, after: 'garbage' }, all)).toThrow('after is not a valid cursor');
    await expect(paginateService({ first: 2, after: ' ' }, fetchService)).rejects.toThrow(
      'after is not a valid cursor',
    );
  });
});
