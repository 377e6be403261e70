import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocationInfo } from '../../lib/useLocationSearch';
import { KeysetPagination } from '../../ui/KeysetPagination';
import { type SortChoice, SortDropdown } from '../../ui/SortDropdown';
import { pageHref, stateHref } from './listAddress';
import { StateTabs } from './StateTabs';

afterEach(cleanup);

/** Renders `ui` at `url` inside a real TanStack router (AppLink needs one), and shows the current address. */
async function renderAt(url: string, ui: () => ReactNode) {
  function Address() {
    const href = useRouterState({ select: (s) => s.location.href });
    return <output data-testid="address">{href}</output>;
  }
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui()}
        <Address />
      </>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [url] }) });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return router;
}

const path = '/groups/acme/-/merge_requests';

function Tabs() {
  const { pathname, params } = useLocationInfo();
  const tabs = (['opened', 'merged', 'closed', 'all'] as const).map((state, i) => ({
    state,
    label: ['Open', 'Merged', 'Closed', 'All'][i] ?? state,
    href: stateHref(pathname, params, state),
    count: ['3', '10,000+', '0', undefined][i],
  }));
  return <StateTabs tabs={tabs} active={params.get('state') ?? 'opened'} label="Merge request state" />;
}

describe('StateTabs', () => {
  it('renders a state link per tab carrying data-state, the filters and its count', async () => {
    await renderAt(`${path}?scope=all&state=merged&author_username=alice&label_name[]=bug&page_after=abc`, () => (
      <Tabs />
    ));
    const nav = screen.getByRole('navigation', { name: 'Merge request state' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('data-state'))).toEqual(['opened', 'merged', 'closed', 'all']);
    expect(links[0]?.getAttribute('href')).toBe(
      `${path}?scope=all&state=opened&author_username=alice&label_name%5B%5D=bug`,
    );
    expect(links[1]?.getAttribute('aria-current')).toBe('page');
    expect(links[1]?.textContent).toBe('Merged10,000+');
    expect(links[3]?.textContent).toBe('All');
  });

  it('navigates to the state on click and keeps the filters', async () => {
    await renderAt(`${path}?scope=all&state=opened&search=crash`, () => <Tabs />);
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: /Closed/ }));
    });
    expect(screen.getByTestId('address').textContent).toBe(`${path}?scope=all&state=closed&search=crash`);
  });
});

describe('KeysetPagination', () => {
  it('links Previous and Next, and disables an end', async () => {
    await renderAt(`${path}?state=opened&page_after=c2`, () => {
      const { pathname, params } = useLocationInfo();
      return (
        <KeysetPagination
          prevHref={pageHref(pathname, params, { after: null })}
          nextHref={pageHref(pathname, params, { after: 'c3' })}
        />
      );
    });
    expect(screen.getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe(`${path}?state=opened`);
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe(`${path}?state=opened&page_after=c3`);
    cleanup();
    await renderAt(path, () => <KeysetPagination prevHref={null} nextHref={`${path}?page_after=c2`} />);
    expect(screen.queryByRole('link', { name: /Previous/ })).toBeNull();
    expect(screen.getByText(/Previous/).getAttribute('aria-disabled')).toBe('true');
  });

  it('renders nothing for a single page', async () => {
    await renderAt(path, () => <KeysetPagination prevHref={null} nextHref={null} />);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });
});

const OPTIONS: SortChoice[] = [
  { value: 'start_date', text: 'Start date', ascending: 'start_date_asc', descending: 'start_date_desc' },
  { value: 'created', text: 'Created date', ascending: 'created_asc', descending: 'created_desc' },
  { value: 'title', text: 'Title', ascending: 'title_asc', descending: 'title_desc' },
];

describe('SortDropdown', () => {
  it('shows the current option and flips the direction', async () => {
    const onSort = vi.fn();
    await renderAt(path, () => <SortDropdown options={OPTIONS} sort="created_desc" onSort={onSort} />);
    expect(screen.getByTestId('sort-dropdown').textContent).toContain('Created date');
    const toggle = screen.getByRole('button', { name: 'Sort direction: descending' });
    await act(async () => {
      fireEvent.click(toggle);
    });
    expect(onSort).toHaveBeenCalledWith('created_asc');
  });

  it('keeps the direction when another field is chosen', async () => {
    const onSort = vi.fn();
    await renderAt(path, () => <SortDropdown options={OPTIONS} sort="title_asc" onSort={onSort} />);
    expect(screen.getByRole('button', { name: 'Sort direction: ascending' })).toBeTruthy();
    const trigger = screen.getByRole('button', { name: /Title/ });
    await act(async () => {
      fireEvent.click(trigger);
    });
    const option = await screen.findByRole('option', { name: 'Start date' });
    await act(async () => {
      fireEvent.click(option);
    });
    expect(onSort).toHaveBeenCalledWith('start_date_asc');
  });

  it('falls back to the first option for an unknown sort', async () => {
    await renderAt(path, () => <SortDropdown options={OPTIONS} sort="bogus" onSort={() => {}} />);
    expect(screen.getByTestId('sort-dropdown').textContent).toContain('Start date');
  });
});
