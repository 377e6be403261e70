import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { roadmapKeys, useSaveEpicDates } from './queries';
import type { RoadmapEpic } from './roadmapApi';

function epic(id: string, startDate: string | null): RoadmapEpic {
  return {
    id,
    iid: id,
    title: `Epic ${id}`,
    startDate,
    dueDate: null,
    group: { id: 'g', fullPath: 'acme', name: 'Acme' },
  } as RoadmapEpic;
}

const topKey = roadmapKeys.epics('acme', null, {});
const childrenKey = roadmapKeys.children('acme', '1', {});
const milestonesKey = roadmapKeys.milestones('acme', { start: '2026-01-01', end: '2026-12-31' });
const dates = { startDate: '2026-03-01', dueDate: '2026-04-30' };

function setup(answer: Promise<Response>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData(topKey, {
    pages: [{ nodes: [epic('1', null), epic('2', null)], pageInfo: { hasNextPage: false, endCursor: null } }],
    pageParams: [null],
  });
  client.setQueryData(childrenKey, [epic('2', null)]);
  const milestones = [{ id: '2', startDate: null }];
  client.setQueryData(milestonesKey, milestones);
  const fetch = vi.fn(() => answer);
  vi.stubGlobal('fetch', fetch);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useSaveEpicDates(), { wrapper });
  const startDates = () => ({
    top: client.getQueryData<{ pages: { nodes: RoadmapEpic[] }[] }>(topKey)?.pages[0]?.nodes.map((e) => e.startDate),
    children: client.getQueryData<RoadmapEpic[]>(childrenKey)?.map((e) => e.startDate),
  });
  return { client, fetch, result, startDates, milestones };
}

afterEach(() => vi.unstubAllGlobals());

describe('useSaveEpicDates', () => {
  it('shows the dates in every roadmap list at once and keeps them when the save succeeds', async () => {
    const { client, fetch, result, startDates, milestones } = setup(
      Promise.resolve(new Response('{}', { status: 200 })),
    );
    await act(() => result.current.mutateAsync({ epic: epic('2', null), dates }));
    expect(startDates()).toEqual({ top: [null, '2026-03-01'], children: ['2026-03-01'] });
    expect(client.getQueryData(milestonesKey)).toBe(milestones);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v4/groups/acme/epics/2');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({
      start_date_is_fixed: true,
      start_date_fixed: '2026-03-01',
      due_date_is_fixed: true,
      due_date_fixed: '2026-04-30',
    });
  });

  it('puts the old dates back when the save fails', async () => {
    let fail: (response: Response) => void = () => {};
    const { result, startDates } = setup(new Promise<Response>((resolve) => (fail = resolve)));
    let saving: Promise<unknown> = Promise.resolve();
    await act(async () => {
      saving = result.current.mutateAsync({ epic: epic('2', null), dates }).catch(() => 'failed');
      await vi.waitFor(() => expect(startDates().children).toEqual(['2026-03-01']));
    });
    await act(async () => {
      fail(new Response('{"message":"boom"}', { status: 500 }));
      expect(await saving).toBe('failed');
    });
    expect(startDates()).toEqual({ top: [null, null], children: [null] });
  });
});
