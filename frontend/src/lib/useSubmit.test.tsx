import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useSubmit, useSubmitEach } from './useSubmit';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useSubmit', () => {
  it('is pending while the send is on its way and returns its answer', async () => {
    const answer = deferred<string>();
    const { result } = renderHook(() => useSubmit((name: string) => answer.promise.then((a) => `${a} ${name}`)));
    let sent!: Promise<string | undefined>;
    act(() => {
      sent = result.current.run('Ada');
    });
    expect(result.current.pending).toBe(true);
    await act(async () => answer.resolve('hello'));
    expect(await sent).toBe('hello Ada');
    expect(result.current.pending).toBe(false);
  });

  it('ignores a second send while the first is on its way', async () => {
    const answer = deferred<number>();
    let calls = 0;
    const { result } = renderHook(() =>
      useSubmit(() => {
        calls++;
        return answer.promise;
      }),
    );
    let first!: Promise<number | undefined>;
    let second!: Promise<number | undefined>;
    act(() => {
      first = result.current.run();
      second = result.current.run();
    });
    expect(await second).toBeUndefined();
    await act(async () => answer.resolve(1));
    expect(await first).toBe(1);
    expect(calls).toBe(1);
  });

  it('keeps the failure, resolves to undefined, and clears it on the next send', async () => {
    let fail = true;
    const { result } = renderHook(() =>
      useSubmit(async () => {
        if (fail) throw new Error('refused');
        return 'ok';
      }),
    );
    await act(async () => expect(await result.current.run()).toBeUndefined());
    expect((result.current.error as Error).message).toBe('refused');
    fail = false;
    await act(async () => expect(await result.current.run()).toBe('ok'));
    expect(result.current.error).toBeUndefined();
  });

  it('words a failure with failureText, and shows none for a failure it maps to null', async () => {
    let refusal: Error = new Error('refused');
    const { result } = renderHook(() =>
      useSubmit(
        async () => {
          throw refusal;
        },
        { failureText: (err) => ((err as Error).message === 'signed out' ? null : 'Not saved. Please try again.') },
      ),
    );
    expect(result.current.failure).toBeNull();
    await act(async () => void (await result.current.run()));
    expect(result.current.failure).toBe('Not saved. Please try again.');
    act(() => result.current.reset());
    expect(result.current.failure).toBeNull();
    refusal = new Error('signed out');
    await act(async () => void (await result.current.run()));
    expect(result.current.error).toBe(refusal);
    expect(result.current.failure).toBeNull();
  });

  it('sets nothing after unmount but still hands back the answer', async () => {
    const answer = deferred<string>();
    const { result, unmount } = renderHook(() => useSubmit(() => answer.promise));
    let sent!: Promise<string | undefined>;
    act(() => {
      sent = result.current.run();
    });
    unmount();
    answer.resolve('done');
    expect(await sent).toBe('done');
  });
});

describe('useSubmit leavesPage', () => {
  it('stays pending after a send that succeeded, so it cannot be sent again while the page unloads', async () => {
    let calls = 0;
    const { result } = renderHook(() =>
      useSubmit(
        async () => {
          calls++;
          return 'leaving';
        },
        { leavesPage: true },
      ),
    );
    await act(async () => expect(await result.current.run()).toBe('leaving'));
    expect(result.current.pending).toBe(true);
    await act(async () => expect(await result.current.run()).toBeUndefined());
    expect(calls).toBe(1);
  });

  it('is free again after a send that failed', async () => {
    const { result } = renderHook(() =>
      useSubmit(
        async () => {
          throw new Error('refused');
        },
        { leavesPage: true },
      ),
    );
    await act(async () => void (await result.current.run()));
    expect(result.current.pending).toBe(false);
  });
});

describe('useSubmitEach', () => {
  it('sends about two keys side by side, each pending on its own, ignoring a second send for a busy key', async () => {
    const answers = new Map([
      ['a', deferred<string>()],
      ['b', deferred<string>()],
    ]);
    const calls: string[] = [];
    const { result } = renderHook(() =>
      useSubmitEach((key: string) => {
        calls.push(key);
        return answers.get(key)!.promise;
      }),
    );
    let a!: Promise<string | undefined>;
    let again!: Promise<string | undefined>;
    let b!: Promise<string | undefined>;
    act(() => {
      a = result.current.run('a');
      again = result.current.run('a');
      b = result.current.run('b');
    });
    expect(await again).toBeUndefined();
    expect(result.current.isPending('a')).toBe(true);
    expect(result.current.isPending('b')).toBe(true);
    expect(result.current.isPending('c')).toBe(false);
    await act(async () => answers.get('a')!.resolve('A'));
    expect(await a).toBe('A');
    expect(result.current.isPending('a')).toBe(false);
    expect(result.current.isPending('b')).toBe(true);
    expect(result.current.pending).toBe(true);
    await act(async () => answers.get('b')!.reject(new Error('refused')));
    expect(await b).toBeUndefined();
    expect(result.current.pending).toBe(false);
    expect((result.current.error as Error).message).toBe('refused');
    expect(calls).toEqual(['a', 'b']);
  });
});
