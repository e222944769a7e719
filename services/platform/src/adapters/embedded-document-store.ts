import { mkdirSync, promises as fs, constants as fsConstants } from 'node:fs';
import path from 'node:path';
import type { Collection, Doc, DocumentStore } from '../ports/document-store.js';
import { DiskCollection } from './embedded-store/disk-collection.js';

/**
 * File-backed store for one-process mode: one append-only file per collection in NeDB's line
 * format, Mongo's query and update language (NeDB's matcher and modifiers), atomic single-document
 * updates, unique and sparse indexes, compaction on load and on a timer. Documents stay on disk:
 * memory holds where each one's latest line is and the declared indexes' keys, so a year of
 * bookings does not have to fit in the process (NeDB itself kept every document in memory).
 */
export class EmbeddedDocumentStore implements DocumentStore {
  private readonly stores = new Map<string, DiskCollection<Doc>>();
  private closed = false;
  private probing: Promise<void> | null = null;
  private probeCount = 0;

  constructor(
    private readonly dir: string,
    private readonly compactEveryMs = 10 * 60_000,
  ) {
    // Created once here, not in ping(): a folder that disappears later must show as not ready.
    mkdirSync(dir, { recursive: true });
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    if (!/^[a-zA-Z0-9_-]+$/.test(name)) throw new Error(`Bad collection name: ${name}`);
    let c = this.stores.get(name);
    if (!c) {
      c = new DiskCollection<Doc>(name, path.join(this.dir, `${name}.db`), this.compactEveryMs, () =>
        this.ensureOpen(),
      );
      this.stores.set(name, c);
    }
    return c as unknown as Collection<T>;
  }

  /**
   * Concurrent readiness checks share one probe in flight: checks that each wrote and deleted the
   * same file used to delete each other's and report the store down under load.
   */
  ping(): Promise<void> {
    try {
      this.ensureOpen();
    } catch (err) {
      return Promise.reject(err);
    }
    this.probing ??= this.probe().finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  /** The store is usable only while its folder exists and is writable: probe it for real. */
  private async probe(): Promise<void> {
    await fs.access(this.dir, fsConstants.W_OK);
    // A name of its own as well, so even another process sharing the folder cannot collide with it.
    const probe = path.join(this.dir, `.ready-probe-${process.pid}-${++this.probeCount}`);
    await fs.writeFile(probe, String(Date.now()));
    await fs.unlink(probe);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.stores.values()].map((c) => c.close()));
  }

  private ensureOpen(): void {
    if (this.closed) throw new Error('Document store is closed');
  }
}
