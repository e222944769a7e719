import { readFileSync } from 'node:fs';
import type { EmbeddedProcess } from '../../test/support/embedded-process.js';

/** Resident memory of the product's process, in MB (Linux /proc); `peak` for its highest so far. */
export function residentMb(product: EmbeddedProcess, which: 'now' | 'peak' = 'now'): number {
  const status = readFileSync(`/proc/${product.child.pid}/status`, 'utf8');
  const field = which === 'now' ? /VmRSS:\s+(\d+)/ : /VmHWM:\s+(\d+)/;
  const kb = Number(field.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}
