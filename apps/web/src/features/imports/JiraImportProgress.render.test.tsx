import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportJob } from './importCsvApi';
import { JiraImportProgress } from './JiraImportProgress';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const job = (over: Partial<ImportJob>): ImportJob => ({
  id: 7,
  state: 'started',
  source_name: 'jira.csv',
  counters: {
    user: { done: 5, skipped: 0, total: 5 },
    milestone: { done: 2, skipped: 0, total: 2 },
    epic: { done: 2, skipped: 0, total: 2 },
    issue: { done: 6, skipped: 1, total: 18 },
    note: { done: 0, skipped: 0, total: 8 },
    watcher: { done: 0, skipped: 0, total: 0 },
  },
  processed: 16,
  total: 35,
  percent: 45,
  rate_per_second: 8,
  seconds_left: 3,
  error: null,
  ...over,
});

function show(value: ImportJob) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <JiraImportProgress projectPath="acme/web" job={value} />
    </QueryClientProvider>,
  );
}

describe('JiraImportProgress', () => {
  it('waits for a worker before the job has started', () => {
    show(job({ state: 'created', counters: {}, processed: 0, total: 0, percent: 100, seconds_left: 0 }));
    expect(screen.getByText('Waiting for an import worker to start…')).toBeTruthy();
  });

  it('shows the items done of the total, the rate, the time left, and each kind’s counts', () => {
    show(job({}));
    expect(screen.getByRole('heading', { name: 'Importing from Jira' })).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Import progress' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([16, 35]);
    expect(screen.getByText('16 of 35 items (45%) · 8/s · 3s left')).toBeTruthy();
    const table = screen.getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    // Kinds in the order they are imported; a kind the file has none of is left out.
    expect(rows).toEqual([
      ['People', '5', '0', '5'],
      ['Milestones', '2', '0', '2'],
      ['Epics', '2', '0', '2'],
      ['Issues and tasks', '6', '1', '18'],
      ['Comments', '0', '0', '8'],
    ]);
  });

  it('says why when the import failed, and asks for the report of what it skipped', async () => {
    const fetch = vi.fn(async () => new Response('[]', { headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    show(
      job({
        state: 'failed',
        error: 'The user who started the import may no longer administer the project it imports into.',
      }),
    );
    expect(screen.getByRole('heading', { name: 'The import failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('may no longer administer the project');
    expect(screen.getByText('16 of 35 items handled: 15 imported, 1 skipped.')).toBeTruthy();
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/v4/projects/acme%2Fweb/import_jobs/7/skipped?per_page=100',
        expect.anything(),
      ),
    );
  });
});
