import { readFileSync } from 'node:fs';
import type { EmbeddedProcess } from '../../test/support/embedded-process.js';

/** Resident memory of the product's process, in MB (Linux /proc). */
export function residentMb(product: EmbeddedProcess): number {
  const status = readFileSync(`/proc/${product.child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}
