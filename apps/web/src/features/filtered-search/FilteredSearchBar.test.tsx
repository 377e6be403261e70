import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderBar } from '../../test/testBar';

const input = () => screen.getByRole('combobox', { name: 'Search or filter results' });
const optionTexts = () => screen.queryAllByRole('option').map((o) => o.textContent ?? '');
const tokenTexts = () =>
  screen.queryAllByTestId('filtered-search-token').map((t) => (t.textContent ?? '').replace(/×$/, ''));
const type = (text: string) => act(() => fireEvent.change(input(), { target: { value: text } }));
const press = (key: string, init: Partial<KeyboardEventInit> = {}) =>
  act(() => fireEvent.keyDown(input(), { key, ...init }));

beforeEach(() => {
  localStorage.clear();
  // No server in component tests: every suggestion request answers 500 (the alert path).
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"message":"boom"}', { status: 500 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function buildToken(key: string, operator: string, value: string) {
  await type(key);
  await press('Enter');
  await type(operator);
  await press('Enter');
  await type(`${value} `);
}

describe('FilteredSearchBar', () => {
  it('shows the placeholder only when empty and the hint list when nothing is typed', async () => {
    await renderBar();
    expect(input().getAttribute('placeholder')).toBe('Search or filter results…');
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    act(() => input().focus());
    expect(screen.getByRole('listbox', { name: 'Filter keys' })).toBeTruthy();
    expect(optionTexts()).toContain('Author');
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
    await type('x');
    expect(input().getAttribute('placeholder')).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
  });

  it('builds a token by keyboard: key hint, operator list, value; Enter with no active item submits', async () => {
    const router = await renderBar();
    act(() => input().focus());
    await type('auth');
    expect(input().getAttribute('aria-activedescendant')).toBeTruthy();
    await press('Enter');
    expect(screen.getByRole('listbox', { name: 'Author operators' })).toBeTruthy();
    expect(optionTexts().map((t) => /^(\|\||!=|=)/.exec(t)?.[0])).toEqual(['=', '!=', '||']);
    expect(input().getAttribute('aria-activedescendant')).toBeTruthy();
    await press('ArrowDown');
    await press('Enter');
    expect(screen.getByTestId('filtered-search-pending').textContent).toBe('Author!=');
    await type('bob ');
    expect(tokenTexts()).toEqual(['Author!=@bob']);
    await type('fix');
    await press('Enter');
    await waitFor(() => expect(router.state.location.searchStr).toContain('not%5Bauthor_username%5D=bob'));
    expect(router.state.location.searchStr).toMatch(/^\?scope=all/);
    expect(router.state.location.searchStr).toContain('state=opened');
    expect(router.state.location.searchStr).toContain('search=fix');
  });

  it('hides None and Any for != and offers them for =', async () => {
    await renderBar();
    act(() => input().focus());
    await type('assignee');
    await press('Enter');
    await type('=');
    await press('Enter');
    expect(optionTexts()).toEqual(expect.arrayContaining(['None', 'Any']));
    await press('Backspace');
    await type('!=');
    await press('Enter');
    expect(screen.getByTestId('filtered-search-pending').textContent).toBe('Assignee!=');
    expect(optionTexts()).not.toContain('None');
    expect(optionTexts()).not.toContain('Any');
  });

  it('hides single-use keys already used from the hint list; array keys stay', async () => {
    await renderBar({}, '/acme/web/-/issues?milestone_title=v1&label_name[]=bug');
    act(() => input().focus());
    expect(optionTexts()).not.toContain('Milestone');
    expect(optionTexts()).toContain('Label');
  });

  it('Backspace twice moves the last token back into the input', async () => {
    await renderBar({}, '/acme/web/-/issues?label_name[]=Bug%20fix');
    expect(tokenTexts()).toEqual(['Label=~Bug fix']);
    await press('Backspace');
    expect(tokenTexts()).toHaveLength(1);
    await press('Backspace');
    expect(tokenTexts()).toHaveLength(0);
    expect(screen.getByTestId('filtered-search-pending').textContent).toBe('Label=');
    expect((input() as HTMLInputElement).value).toBe('"Bug fix"');
  });

  it('Ctrl or Alt+Backspace removes the last token part; Meta+Backspace clears everything', async () => {
    await renderBar({}, '/acme/web/-/issues?author_username=bob&label_name[]=bug');
    expect(tokenTexts()).toHaveLength(2);
    await press('Backspace', { ctrlKey: true });
    expect(tokenTexts()).toEqual(['Author=@bob']);
    expect(screen.getByTestId('filtered-search-pending').textContent).toBe('Label=');
    await press('Backspace', { altKey: true });
    expect(screen.getByTestId('filtered-search-pending').textContent).toBe('Label');
    await press('Backspace', { metaKey: true });
    expect(tokenTexts()).toHaveLength(0);
    expect(screen.queryByTestId('filtered-search-pending')).toBeNull();
  });

  it('cannot remove the last remaining term: the input stays after every removal key on an empty bar', async () => {
    await renderBar();
    for (const init of [{}, { ctrlKey: true }, { metaKey: true }, {}]) await press('Backspace', init);
    expect(input()).toBeTruthy();
    expect(input().getAttribute('placeholder')).toBe('Search or filter results…');
  });

  it('clicking a token edits it in place', async () => {
    await renderBar({}, '/acme/web/-/issues?author_username=bob&label_name[]=bug');
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Edit filter Author = bob' })));
    expect(tokenTexts()).toEqual(['Label=~bug']);
    expect(screen.getByTestId('filtered-search-pending').textContent).toBe('Author=');
    expect((input() as HTMLInputElement).value).toBe('bob');
    expect(document.activeElement).toBe(input());
  });

  it('puts the current user first in the author value list and shows the users alert when the endpoint fails', async () => {
    await renderBar();
    act(() => input().focus());
    await buildToken('author', '=', '');
    expect(optionTexts()[0]).toContain('Alice Anderson');
    expect(await screen.findByText('There was a problem fetching users.')).toBeTruthy();
  });

  it('maps a legacy author_id in the address to the username', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/v4/users/3'
          ? new Response('{"id":3,"username":"carol"}', { status: 200 })
          : new Response('{}', { status: 500 }),
      ),
    );
    await renderBar({}, '/acme/web/-/issues?author_id=3');
    await waitFor(() => expect(tokenTexts()).toEqual(['Author=@carol']));
  });

  it('offers weights 0 to 20', async () => {
    await renderBar();
    act(() => input().focus());
    await buildToken('weight', '=', '');
    const values = optionTexts();
    expect(values).toContain('0');
    expect(values).toContain('20');
    expect(values).not.toContain('21');
  });

  it('shows a recent pick first after the predefined values, and Tab commits the active value', async () => {
    await renderBar();
    act(() => input().focus());
    await buildToken('weight', '=', '');
    await type('7');
    await press('Tab');
    expect(tokenTexts()).toEqual(['Weight=7']);
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Remove filter Weight = 7' })));
    await buildToken('weight', '=', '');
    expect(optionTexts().slice(0, 3)).toEqual(['None', 'Any', '7']);
  });

  it('Escape closes the dropdown', async () => {
    await renderBar();
    act(() => input().focus());
    expect(screen.queryByRole('listbox')).toBeTruthy();
    await press('Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('recent searches', () => {
  const openHistory = () => act(() => fireEvent.click(screen.getByRole('button', { name: 'Toggle history' })));

  it('says there are none, saves a search on submit, lists it and clears it (saving an empty list)', async () => {
    await renderBar();
    await openHistory();
    expect(screen.getByRole('menu', { name: 'Recent searches' }).textContent).toContain(
      "You don't have any recent searches",
    );
    await openHistory();
    act(() => input().focus());
    await type('crash');
    await press('Enter');
    expect(JSON.parse(localStorage.getItem('acme/web-issues') ?? '[]')).toEqual([[{ type: 'text', value: 'crash' }]]);
    await openHistory();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'crash' })));
    await act(() => fireEvent.click(screen.getByRole('menuitem', { name: 'Clear recent searches' })));
    expect(localStorage.getItem('acme/web-issues')).toBe('[]');
    expect(screen.getByRole('menu').textContent).toContain("You don't have any recent searches");
  });

  it('alerts when the stored list cannot be parsed', async () => {
    localStorage.setItem('acme-epics', '{broken');
    await renderBar(
      { list: 'epics', namespace: { kind: 'group', fullPath: 'acme' }, recentSearchesPage: 'epics' },
      '/groups/acme/-/epics',
    );
    await openHistory();
    expect(screen.getByRole('alert').textContent).toBe('An error occurred while parsing recent searches.');
  });

  it('says local storage is required when it throws', async () => {
    vi.spyOn(window.localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderBar();
    await openHistory();
    expect(screen.getByRole('menu').textContent).toContain('This feature requires local storage to be enabled');
  });

  it.each([
    [
      'the epics list offers author, label and my-reaction only, my-reaction for signed-in users only',
      'epics',
      '/groups/acme/-/epics',
      ['Author', 'Label', 'My-Reaction'],
      ['Author', 'Label'],
    ],
    [
      'the roadmap offers author, label, milestone, confidential, epic and (signed in) my-reaction',
      'roadmap',
      '/groups/acme/-/roadmap',
      ['Author', 'Label', 'Milestone', 'Confidential', 'Epic', 'My-Reaction'],
      ['Author', 'Label', 'Milestone', 'Confidential', 'Epic'],
    ],
  ] as const)('%s', async (_name, list, path, signedIn, anonymous) => {
    const props = { list, namespace: { kind: 'group', fullPath: 'acme' }, recentSearchesPage: 'epics' } as const;
    await renderBar(props, path);
    act(() => input().focus());
    expect(optionTexts()).toEqual(signedIn);
    cleanup();
    await renderBar({ ...props, signedIn: false, currentUser: undefined }, path);
    act(() => input().focus());
    expect(optionTexts()).toEqual(anonymous);
  });

  it.each([
    [false, 2],
    [true, 1],
  ])('a submit with replaceHistory=%s leaves %i history entries', async (replaceHistory, entries) => {
    const router = await renderBar({ replaceHistory }, '/acme/web/-/issues');
    act(() => input().focus());
    await type('crash');
    await press('Enter');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'crash' }));
    expect(router.history.length).toBe(entries);
  });
});
