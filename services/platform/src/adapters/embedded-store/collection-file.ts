import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

const READ_CHUNK = 4 * 1024 * 1024;
const NEWLINE = 0x0a;

/** An open file that stays open until the reads begun on it are done, though a newer one replaced it. */
class OpenFile {
  private reads = 0;
  private retired = false;

  constructor(readonly fh: FileHandle) {}

  async read(offset: number, length: number): Promise<Buffer> {
    const buf = Buffer.allocUnsafe(length);
    await this.readInto(buf, 0, length, offset);
    return buf;
  }

  async readInto(buf: Buffer, at: number, length: number, offset: number): Promise<void> {
    this.reads++;
    try {
      const { bytesRead } = await this.fh.read(buf, at, length, offset);
      if (bytesRead !== length) throw new Error(`Short read: ${bytesRead} of ${length} bytes at ${offset}`);
    } finally {
      this.reads--;
      if (this.retired && this.reads === 0) void this.fh.close().catch(() => undefined);
    }
  }

  retire(): void {
    this.retired = true;
    if (this.reads === 0) void this.fh.close().catch(() => undefined);
  }
}

/** A line of the file: its text (without the newline), where it starts and its length in bytes. */
export type LineVisitor = (text: string, offset: number, length: number) => void;

/**
 * One collection's append-only file: a JSON line per document version (NeDB's format), appended
 * at the end, read back by position, and rewritten whole with only the live lines (compaction).
 * Appends are not concurrent: the collection runs its writes one at a time.
 */
export class CollectionFile {
  private constructor(
    readonly path: string,
    private file: OpenFile,
    private end: number,
  ) {}

  static async open(path: string): Promise<CollectionFile> {
    const fh = await fs.open(path, 'a+');
    const { size } = await fh.stat();
    return new CollectionFile(path, new OpenFile(fh), size);
  }

  get size(): number {
    return this.end;
  }

  /** Appends one line; answers where it starts and its length in bytes (without the newline). */
  async append(text: string): Promise<{ offset: number; length: number }> {
    const buf = Buffer.from(`${text}\n`, 'utf8');
    const offset = this.end;
    let written = 0;
    while (written < buf.length) {
      const { bytesWritten } = await this.file.fh.write(buf, written, buf.length - written);
      written += bytesWritten;
    }
    this.end += buf.length;
    return { offset, length: buf.length - 1 };
  }

  async read(offset: number, length: number): Promise<string> {
    return (await this.file.read(offset, length)).toString('utf8');
  }

  /**
   * Visits every complete line in order. Answers where a last line cut short by a crash starts
   * (the file's end when there is none), so the caller can cut it off before appending.
   */
  async eachLine(visit: LineVisitor, afterChunk?: () => Promise<void>): Promise<number> {
    // One buffer for the whole read, reused: a buffer per chunk left the process holding memory
    // the allocator never gave back after loading a large collection.
    let buf = Buffer.allocUnsafe(Math.min(READ_CHUNK, Math.max(this.end, 1)));
    let filled = 0;
    let bufAt = 0;
    for (let pos = 0; pos < this.end; ) {
      if (filled === buf.length) {
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, filled);
        buf = bigger;
      }
      const want = Math.min(buf.length - filled, this.end - pos);
      await this.file.readInto(buf, filled, want, pos);
      filled += want;
      pos += want;
      let start = 0;
      for (let nl = buf.indexOf(NEWLINE, start); nl !== -1 && nl < filled; nl = buf.indexOf(NEWLINE, start)) {
        if (nl > start) visit(buf.toString('utf8', start, nl), bufAt + start, nl - start);
        start = nl + 1;
      }
      buf.copy(buf, 0, start, filled);
      filled -= start;
      bufAt += start;
      if (afterChunk) await afterChunk();
    }
    return bufAt;
  }

  /** Cuts the file at `at` (a crash-truncated last line). */
  async truncate(at: number): Promise<void> {
    await this.file.fh.truncate(at);
    this.end = at;
  }

  /**
   * Replaces the file by the one `write` fills (at `path~`, then renamed over it, as NeDB did), so
   * a crash leaves either file whole. Reads begun on the old file finish on it; `swapped` runs at
   * the moment the new file takes over, so the caller's positions change with it.
   */
  async replace(write: (out: LineWriter) => Promise<void>, swapped: () => void): Promise<void> {
    const tmp = `${this.path}~`;
    const out = await LineWriter.create(tmp);
    try {
      await write(out);
      await out.finish();
    } catch (err) {
      await out.abandon();
      throw err;
    }
    await fs.rename(tmp, this.path);
    const fh = await fs.open(this.path, 'a+');
    const old = this.file;
    this.file = new OpenFile(fh);
    this.end = out.size;
    swapped();
    old.retire();
  }

  async close(): Promise<void> {
    this.file.retire();
  }
}

/** Writes lines to a new file in large blocks, counting where each starts. */
export class LineWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  size = 0;

  private constructor(private readonly fh: FileHandle) {}

  static async create(path: string): Promise<LineWriter> {
    return new LineWriter(await fs.open(path, 'w'));
  }

  /** Queues a line; answers where it will start. Call `flush` now and then to bound the memory. */
  line(text: string): { offset: number; length: number } {
    const buf = Buffer.from(`${text}\n`, 'utf8');
    const offset = this.size;
    this.pending.push(buf);
    this.pendingBytes += buf.length;
    this.size += buf.length;
    return { offset, length: buf.length - 1 };
  }

  async flush(): Promise<void> {
    if (this.pendingBytes === 0) return;
    const buf = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    let written = 0;
    while (written < buf.length) written += (await this.fh.write(buf, written, buf.length - written)).bytesWritten;
  }

  async finish(): Promise<void> {
    await this.flush();
    await this.fh.sync();
    await this.fh.close();
  }

  async abandon(): Promise<void> {
    await this.fh.close().catch(() => undefined);
  }
}
