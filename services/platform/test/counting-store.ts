import type { Collection, Doc, DocumentStore } from '../src/ports/document-store.js';

/** A store that passes every call on and notes which collection method was called: to count reads and writes. */
export class CountingStore implements DocumentStore {
  readonly calls: { collection: string; method: string }[] = [];
  /**
   * Runs before each call is passed on; a call it answers with a promise waits for that promise:
   * to make something happen in the middle of the caller's work.
   */
  before: ((collection: string, method: string) => Promise<void> | undefined) | null = null;

  constructor(private readonly inner: DocumentStore) {}

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new Proxy(this.inner.collection<T>(name), {
      get: (col, prop) => {
        const value = Reflect.get(col, prop, col);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const method = String(prop);
          this.calls.push({ collection: name, method });
          const meanwhile = this.before?.(name, method);
          if (meanwhile === undefined) return value.apply(col, args);
          return meanwhile.then(() => value.apply(col, args));
        };
      },
    });
  }

  /** How many calls were made on `collection` (of `methods` only, when given). */
  count(collection: string, methods?: string[]): number {
    return this.calls.filter((c) => c.collection === collection && (!methods || methods.includes(c.method))).length;
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
