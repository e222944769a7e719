import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useResource } from './useResource';

/** A promise the test settles by hand, so the order of answers is the test's to choose. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useResource', () => {
  it('is loading, then holds the data', async () => {
    const answer = deferred<string>();
    const { result } = renderHook(() => useResource(() => answer.promise, []));
    expect(result.current.loading).toBe(true);
    expect(result.current.data).toBeUndefined();
    await act(async () => answer.resolve('hello'));
    expect(result.current).toMatchObject({ loading: false, data: 'hello', error: undefined });
  });

  it('keeps the failure and clears it when a reload succeeds', async () => {
    let calls = 0;
    const { result } = renderHook(() =>
      useResource(() => (++calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve(7)), []),
    );
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    expect(result.current.loading).toBe(false);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toBe(7));
    expect(result.current.error).toBeUndefined();
    expect(calls).toBe(2);
  });

  it('drops an old answer that arrives after the inputs changed, and aborts it', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() };
    const signals: Record<string, AbortSignal> = {};
    const { result, rerender } = renderHook(
      ({ id }) =>
        useResource(
          (signal) => {
            signals[id] = signal;
            return answers[id]!.promise;
          },
          [id],
        ),
      { initialProps: { id: 'a' } },
    );
    rerender({ id: 'b' });
    expect(signals.a!.aborted).toBe(true);
    await act(async () => answers.b!.resolve('new'));
    await act(async () => answers.a!.resolve('old'));
    expect(result.current.data).toBe('new');
  });

  it('sets nothing after unmount', async () => {
    const answer = deferred<string>();
    let signal: AbortSignal | undefined;
    const { unmount } = renderHook(() =>
      useResource((s) => {
        signal = s;
        return answer.promise;
      }, []),
    );
    unmount();
    expect(signal!.aborted).toBe(true);
    // React would warn on a set after unmount; the aborted run returns before any set.
    await act(async () => answer.resolve('late'));
  });

  it('fetches nothing and is not loading while load is null, then loads once it is given', async () => {
    const { result, rerender } = renderHook(
      ({ token }) => useResource(token ? () => Promise.resolve(`for ${token}`) : null, [token]),
      { initialProps: { token: '' } },
    );
    expect(result.current.loading).toBe(false);
    rerender({ token: 't1' });
    await waitFor(() => expect(result.current.data).toBe('for t1'));
  });

  it('keeps the last data while a newer one loads, and setData replaces it', async () => {
    const later = deferred<number>();
    const { result, rerender } = renderHook(
      ({ n }) => useResource(() => (n === 1 ? Promise.resolve(1) : later.promise), [n]),
      { initialProps: { n: 1 } },
    );
    await waitFor(() => expect(result.current.data).toBe(1));
    rerender({ n: 2 });
    expect(result.current).toMatchObject({ loading: true, data: 1 });
    act(() => result.current.setData(5));
    expect(result.current.data).toBe(5);
    await act(async () => later.resolve(2));
    expect(result.current.data).toBe(2);
  });
});
