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
});
