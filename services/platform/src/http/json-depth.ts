import type { RequestHandler } from 'express';
import { DomainError } from '../errors.js';

/**
 * How deeply arrays and objects may nest in a JSON request body. No body of the product comes near
 * it (a quote's addresses are four levels); far deeper ones only serve to exhaust a recursive
 * walker further in (a 10,000-deep body once made a canonicaliser overflow the stack), so they are
 * refused at the edge: by the gateway while the body streams through, and by every service after
 * parsing.
 */
export const MAX_JSON_DEPTH = 32;

export class JsonTooDeepError extends DomainError {
  constructor(max = MAX_JSON_DEPTH) {
    super(`JSON request body nested more than ${max} levels deep`, 400, 'json_too_deep');
  }
}

/**
 * Counts nesting over JSON text as it arrives, chunk by chunk, without parsing or recursion: the
 * brackets outside strings (a string's escaped quote does not end it). For UTF-8 (and ASCII)
 * bytes, where those characters never occur inside another character's bytes.
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly max = MAX_JSON_DEPTH) {}

  /** Scans the next bytes; false once some value opened more than `max` levels deep. */
  feed(bytes: Uint8Array): boolean {
    for (const c of bytes) {
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 0x5c) this.escaped = true;
        else if (c === 0x22) this.inString = false;
      } else if (c === 0x22) this.inString = true;
      else if (c === 0x7b || c === 0x5b) {
        if (++this.depth > this.max) return false;
      } else if ((c === 0x7d || c === 0x5d) && this.depth > 0) this.depth--;
    }
    return true;
  }
}

/** Whether a parsed value nests arrays and objects more than `max` deep (an explicit stack, no recursion). */
export function nestedDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** After the JSON parser: a body nested too deeply is a 400 naming the problem. */
export const refuseDeepJson: RequestHandler = (req, _res, next) => {
  next(
    req.body !== null && typeof req.body === 'object' && nestedDeeperThan(req.body)
      ? new JsonTooDeepError()
      : undefined,
  );
};
