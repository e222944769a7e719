import type { Collection, Doc, DocumentStore } from '../src/ports/document-store.js';

/** A store that passes every call on and notes which collection method was called: to count reads and writes. */
export class CountingStore implements DocumentStore {
  readonly calls: { collection: string; method: string }[] = [];

  constructor(private readonly inner: DocumentStore) {}

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    const target = this.inner.collection<T>(name);
    const calls = this.calls;
    return new Proxy(target, {
      get(col, prop) {
        const value = Reflect.get(col, prop, col);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push({ collection: name, method: String(prop) });
          return value.apply(col, args);
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
