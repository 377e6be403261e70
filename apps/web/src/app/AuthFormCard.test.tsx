import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthFormCard } from './AuthFormCard';

afterEach(cleanup);

function renderCard(onSubmit: () => Promise<void>) {
  render(
    <AuthFormCard
      documentTitle="Sign in"
      heading="Sign in to Meridian"
      subtitle="Plan your work."
      failureText="Sign-in failed."
      onSubmit={onSubmit}
      submitLabel="Sign in"
      pendingLabel="Signing in…"
    >
      <span>fields</span>
    </AuthFormCard>,
  );
  return () => act(async () => fireEvent.submit(screen.getByRole('button').closest('form') as HTMLFormElement));
}

describe('AuthFormCard', () => {
  it('reads the pending label while the submit runs, then the label again', async () => {
    let finish: () => void = () => {};
    const submit = renderCard(() => new Promise<void>((resolve) => (finish = resolve)));
    await submit();
    expect(screen.getByRole('button').textContent).toBe('Signing in…');
    await act(async () => finish());
    expect(screen.getByRole('button').textContent).toBe('Sign in');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows what the submit threw, its failure text when that is no Error, and clears it on the next try', async () => {
    let outcome: unknown = new Error('Too many sign-in attempts.');
    const submit = renderCard(async () => {
      if (outcome) throw outcome;
    });
    await submit();
    expect(screen.getByText('Too many sign-in attempts.')).toBeTruthy();
    outcome = 'not an error';
    await submit();
    expect(screen.getByText('Sign-in failed.')).toBeTruthy();
    outcome = null;
    await submit();
    expect(screen.queryByText('Sign-in failed.')).toBeNull();
  });
});
