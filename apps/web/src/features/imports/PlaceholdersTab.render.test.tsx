import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlaceholdersTab } from './PlaceholdersTab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = (id: number, username: string, name: string) => ({ id: `gid://gitlab/User/${id}`, username, name });
const node = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
  id: `gid://gitlab/Import::SourceUser/${id}`,
  sourceUsername: `person${id}`,
  sourceName: `Person ${id}`,
  sourceHostname: 'https://source.example',
  status,
  reassignmentError: null,
  placeholderUser: user(100 + id, `person${id}_placeholder`, `Person ${id}`),
  reassignToUser: null,
  reassignedByUser: null,
  ...extra,
});

beforeEach(() => {
  const nodes = [
    node(1, 'PENDING_REASSIGNMENT'),
    node(2, 'AWAITING_APPROVAL', { reassignToUser: user(7, 'frank', 'Frank Fischer') }),
    node(3, 'COMPLETED', { reassignToUser: user(8, 'gina', 'Gina Green') }),
    node(4, 'KEEP_AS_PLACEHOLDER'),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ data: { namespace: { id: 'gid://gitlab/Group/1', importSourceUsers: { nodes } } } }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        ),
    ),
  );
});

describe('PlaceholdersTab', () => {
  it("shows each source user's status in GitLab's words and the actions that status allows", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PlaceholdersTab groupPath="acme" />
      </QueryClientProvider>,
    );
    const row = async (name: string) => within(await screen.findByRole('row', { name: new RegExp(name) }));
    const pending = await row('Person 1');
    expect(pending.getByText('Not started')).toBeTruthy();
    expect(pending.getByRole('combobox', { name: 'Reassign Person 1 to' })).toBeTruthy();
    expect((pending.getByRole('button', { name: 'Reassign' }) as HTMLButtonElement).disabled).toBe(true);
    expect(pending.getByRole('button', { name: "Don't reassign" })).toBeTruthy();
    const awaiting = await row('Person 2');
    expect(awaiting.getByText('Pending approval')).toBeTruthy();
    expect(awaiting.getByText('Frank Fischer')).toBeTruthy();
    expect(awaiting.getByRole('button', { name: 'Notify again' })).toBeTruthy();
    expect(awaiting.getByRole('button', { name: 'Cancel reassignment' })).toBeTruthy();
    const done = await row('Person 3');
    expect(done.getByText('Success')).toBeTruthy();
    expect(done.getByText('Gina Green')).toBeTruthy();
    expect(done.queryByRole('button')).toBeNull();
    const kept = await row('Person 4');
    expect(kept.getAllByText('Kept as placeholder').length).toBe(2);
  });
});
