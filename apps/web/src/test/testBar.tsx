import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { FilteredSearchBar, type FilteredSearchBarProps } from '../features/filtered-search/FilteredSearchBar';

/** Renders the bar inside a memory router at `url`; returns the router to read the address after a submit. */
export async function renderBar(props: Partial<FilteredSearchBarProps> = {}, url = '/acme/web/-/issues') {
  const barProps: FilteredSearchBarProps = {
    list: 'issues',
    namespace: { kind: 'project', fullPath: 'acme/web' },
    recentSearchesPage: 'issues',
    signedIn: true,
    currentUser: { id: 1, username: 'alice', name: 'Alice Anderson' },
    ...props,
  };
  const rootRoute = createRootRoute({ component: () => <FilteredSearchBar {...barProps} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [url] }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return router;
}
