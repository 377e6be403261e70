import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportProgress } from './ImportProgress';
import type { ImportJob } from './importCsvApi';

afterEach(cleanup);

const job = (over: Partial<ImportJob>): ImportJob => ({
  id: 1,
  state: 'started',
  source_name: 'issues.csv',
  counters: { issue: { done: 2, skipped: 1, total: 10 } },
  processed: 3,
  total: 10,
  percent: 30,
  rate_per_second: 1.5,
  seconds_left: 5,
  error: null,
  ...over,
});

function show(value: ImportJob) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ImportProgress projectPath="acme/web" job={value} />
    </QueryClientProvider>,
  );
}

describe('ImportProgress', () => {
  it('shows the rows done of the total, the rate and the time left while the import runs', () => {
    show(job({}));
    const bar = screen.getByRole('progressbar', { name: 'Import progress' }) as HTMLProgressElement;
    expect(bar.value).toBe(3);
    expect(bar.max).toBe(10);
    expect(screen.getByText('3 of 10 rows · 1.5/s · 5s left')).toBeTruthy();
  });

  it('shows the counts and the error when the import failed', () => {
    // No skipped rows: the report is not asked for.
    const counters = { issue: { done: 2, skipped: 0, total: 10 } };
    show(job({ state: 'failed', counters, error: 'The import stopped 5 times; it was given up.' }));
    expect(screen.getByText('2 issues imported, 0 rows skipped.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The import stopped 5 times; it was given up.');
  });
});
