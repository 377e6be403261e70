import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LabelBadge, LabelList } from './LabelBadge';

afterEach(cleanup);

/** happy-dom keeps hex colours; browsers serialise rgb(): compare as lowercase hex. */
function hex(color: string | undefined): string {
  const match = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(color ?? '');
  if (!match) return (color ?? '').toLowerCase();
  return `#${match
    .slice(1)
    .map((n) => Number(n).toString(16).padStart(2, '0'))
    .join('')}`;
}

describe('LabelBadge', () => {
  it('draws a plain label as one coloured pill with readable text', () => {
    render(<LabelBadge label={{ name: 'bug', color: '#c91c00' }} />);
    const badge = screen.getByTestId('label');
    expect(badge.textContent).toBe('bug');
    expect(hex(badge.style.backgroundColor)).toBe('#c91c00');
    expect(hex(badge.style.color)).toBe('#ffffff');
  });

  it('draws a scoped label as two parts: scope on the colour, value on white', () => {
    render(<LabelBadge label={{ name: 'priority::high', color: '#1f75cb', text_color: '#FFFFFF' }} />);
    const badge = screen.getByTestId('label');
    const [scope, separator, value] = Array.from(badge.children) as HTMLElement[];
    expect(scope?.textContent).toBe('priority');
    expect(hex(scope?.style.backgroundColor)).toBe('#1f75cb');
    expect(separator?.className).toBe('visually-hidden');
    expect(value?.textContent).toBe('high');
    expect(hex(badge.style.borderColor)).toBe('#1f75cb');
    // Screen readers and copy/paste get the full name.
    expect(badge.textContent).toBe('priority::high');
  });

  it('splits nested scopes at the last ::', () => {
    render(<LabelBadge label="team::ux::design" />);
    const parts = Array.from(screen.getByTestId('label').children).map((child) => child.textContent);
    expect(parts).toEqual(['team::ux', '::', 'design']);
  });

  it('renders a list of mixed label shapes', () => {
    render(<LabelList labels={['frontend', { name: 'workflow::doing', color: '#ffd700' }]} />);
    expect(screen.getAllByTestId('label').map((el) => el.textContent)).toEqual(['frontend', 'workflow::doing']);
  });
});
