import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { useImportAction } from './useImportAction';

afterEach(cleanup);

describe('useImportAction', () => {
  it('is pending while the action runs, and runs no second one meanwhile', async () => {
    const { result } = renderHook(() => useImportAction('fallback'));
    let finish = () => {};
    let runs = 0;
    const run = () =>
      new Promise<void>((resolve) => {
        runs += 1;
        finish = resolve;
      });
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.act(run);
    });
    expect(result.current.pending).toBe(true);
    await act(async () => {
      await result.current.act(run);
    });
    expect(runs).toBe(1);
    await act(async () => {
      finish();
      await first;
    });
    expect(result.current).toMatchObject({ pending: false, failure: null });
  });

  it.each([
    ['the server’s message', new ApiError(422, 'the access token was refused'), 'the access token was refused'],
    ['the fallback for what is not an error', 'boom', 'fallback'],
  ])('keeps %s after a failure, until the next run', async (_name, thrown, message) => {
    const { result } = renderHook(() => useImportAction('fallback'));
    await act(() =>
      result.current.act(async () => {
        throw thrown;
      }),
    );
    expect(result.current).toMatchObject({ pending: false, failure: message });
    await act(() => result.current.act(async () => {}));
    expect(result.current.failure).toBeNull();
  });
});
