import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SystemNoteBody } from './SystemNoteBody';

afterEach(cleanup);

describe('SystemNoteBody', () => {
  it("draws GitLab's **bold** words in bold and leaves the rest as text", () => {
    const { container } = render(<SystemNoteBody body="marked this merge request as **draft**" />);
    expect(container.textContent).toBe('marked this merge request as draft');
    expect(container.querySelector('strong')?.textContent).toBe('draft');
  });

  it('keeps lone asterisks and markup as text', () => {
    const { container } = render(<SystemNoteBody body={'changed title from **a to <b>x</b>'} />);
    expect(container.textContent).toBe('changed title from **a to <b>x</b>');
    expect(container.querySelector('strong, b')).toBeNull();
  });

  it("links the references as the renderer does, against the noteable's project and group", () => {
    const context = { projectPath: 'acme/web', groupPath: 'acme' };
    const { container } = render(
      <SystemNoteBody body="marked this issue as related to #5 and acme/api#7, added epic &3" context={context} />,
    );
    expect(container.textContent).toBe('marked this issue as related to #5 and acme/api#7, added epic &3');
    const links = [...container.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
      a.className,
      a.dataset.referenceType,
    ]);
    expect(links).toEqual([
      ['#5', '/acme/web/-/issues/5', 'gfm gfm-issue', 'issue'],
      ['acme/api#7', '/acme/api/-/issues/7', 'gfm gfm-issue', 'issue'],
      ['&3', '/groups/acme/-/epics/3', 'gfm gfm-epic', 'epic'],
    ]);
  });

  it('never reads a label id as a label name: an unknown one stays text', () => {
    const { container } = render(<SystemNoteBody body="added ~12 label" context={{ projectPath: 'acme/web' }} />);
    expect(container.textContent).toBe('added ~12 label');
    expect(container.querySelector('a')).toBeNull();
  });
});
