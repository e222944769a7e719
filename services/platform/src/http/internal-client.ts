import { ConflictError, NotFoundError, UpstreamError, ValidationError } from '../errors.js';
import type { Logger } from '../logger.js';

/** What a failed answer says: `{ message, errors }` as every service's error handler writes it. */
export interface InternalAnswer {
  status: number;
  message?: string;
  errors?: Record<string, string>;
  /** The whole JSON body (an error's `code` and details), for the callers that read more than the message. */
  payload?: Record<string, unknown>;
}

export interface InternalClientOptions {
  /** Names the peer in logs. */
  service: string;
  baseUrl: string;
  timeoutMs: number;
  logger?: Logger;
  /** Further tries of an idempotent call (GET) after a network failure or a 502/503/504; default 1. */
  retries?: number;
  /** Pause before each retry; default 100 ms. */
  retryDelayMs?: number;
  /**
   * The message of the UpstreamError (502) the caller's own client gets when the peer cannot be
   * reached or answers unexpectedly; `detail` says which ("unreachable: TimeoutError", "answered HTTP 500").
   */
  unavailable?: (detail: string, answer?: InternalAnswer) => string;
}

export interface InternalCallOptions<T> {
  /** The answer a caller can use; any other 2xx body is the peer's failure (502). */
  accept?: (body: unknown) => body is T;
  /** Answers for particular statuses, decided before the common policy (e.g. 404 → null). */
  on?: Partial<Record<number, (answer: InternalAnswer) => T>>;
  /** Messages for 400/404/409 when the answer carries none. */
  fallback?: { invalid?: string; notFound?: string; conflict?: string };
  /**
   * Only the statuses in `on` and a 2xx body `accept` takes are answers; any other status (a 4xx
   * too, or a 2xx without `accept`) is the peer's failure (502).
   */
  onlyListed?: boolean;
  /**
   * A POST the peer applies at most once whatever the number of deliveries (it is keyed by the
   * caller's id, e.g. a hold for one booking): retried like a GET when the peer is slow or
   * unreachable, instead of failing the customer's request at the first timeout.
   */
  idempotent?: boolean;
}

const RETRYABLE = new Set([502, 503, 504]);

/**
 * The one way services call each other's /internal routes. Every call has a timeout; idempotent
 * calls (GET, DELETE) are tried again after a network failure or a gateway-type answer; and the peer's
 * answer maps to the same errors everywhere: its 400, 404 and 409 are about the caller's input and
 * pass on as they are (ValidationError with its fields, NotFoundError, ConflictError); anything
 * else, or no answer at all, is an UpstreamError (502).
 */
export class InternalHttpClient {
  private readonly retries: number;
  private readonly retryDelayMs: number;

  constructor(private readonly options: InternalClientOptions) {
    this.retries = options.retries ?? 1;
    this.retryDelayMs = options.retryDelayMs ?? 100;
  }

  get<T>(path: string, call: InternalCallOptions<T> = {}): Promise<T> {
    return this.call('GET', path, undefined, call);
  }

  /** Not retried: a POST may have been applied even when its answer was lost. */
  post<T>(path: string, body: unknown, call: InternalCallOptions<T> = {}): Promise<T> {
    return this.call('POST', path, body, call);
  }

  /** Retried like a GET: deleting twice leaves the same state. */
  delete<T>(path: string, call: InternalCallOptions<T> = {}): Promise<T> {
    return this.call('DELETE', path, undefined, call);
  }

  private async call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body: unknown,
    call: InternalCallOptions<T>,
  ): Promise<T> {
    const tries = method === 'POST' && !call.idempotent ? 1 : 1 + this.retries;
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(`${this.options.baseUrl}${path}`, {
          method,
          headers:
            body === undefined
              ? { accept: 'application/json' }
              : { 'content-type': 'application/json', accept: 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
      } catch (err) {
        if (attempt < tries) {
          await this.pause();
          continue;
        }
        this.options.logger?.warn(
          { service: this.options.service, path, err: String(err) },
          'internal call failed: peer unreachable',
        );
        throw new UpstreamError(this.unavailable(`unreachable: ${(err as Error).name}`), true);
      }
      if (RETRYABLE.has(res.status) && attempt < tries && !call.on?.[res.status]) {
        await res.body?.cancel().catch(() => undefined);
        await this.pause();
        continue;
      }
      return this.settle(res, path, call);
    }
  }

  private async settle<T>(res: Response, path: string, call: InternalCallOptions<T>): Promise<T> {
    const payload = (await res.json().catch(() => null)) as unknown;
    const p = (payload ?? {}) as { message?: unknown; errors?: unknown };
    const answer: InternalAnswer = {
      status: res.status,
      ...(typeof p.message === 'string' ? { message: p.message } : {}),
      ...(p.errors && typeof p.errors === 'object' ? { errors: p.errors as Record<string, string> } : {}),
      ...(payload && typeof payload === 'object' && !Array.isArray(payload)
        ? { payload: payload as Record<string, unknown> }
        : {}),
    };
    const special = call.on?.[res.status];
    if (special) return special(answer);
    if (res.ok && (call.accept ? call.accept(payload) : !call.onlyListed)) return payload as T;
    if (call.onlyListed || res.ok) {
      // The peer's failure: below.
    } else if (res.status === 400) {
      throw new ValidationError(
        answer.message ?? call.fallback?.invalid ?? 'The request is invalid',
        answer.errors ?? {},
      );
    } else if (res.status === 404) {
      throw new NotFoundError(answer.message ?? call.fallback?.notFound);
    } else if (res.status === 409) {
      throw new ConflictError(
        answer.message ?? call.fallback?.conflict ?? 'The request conflicts with the current state',
      );
    }
    this.options.logger?.warn(
      { service: this.options.service, path, status: res.status },
      'internal call failed: unexpected answer',
    );
    throw new UpstreamError(this.unavailable(`answered HTTP ${res.status}`, answer), RETRYABLE.has(res.status));
  }

  private unavailable(detail: string, answer?: InternalAnswer): string {
    return (
      this.options.unavailable?.(detail, answer) ??
      `The ${this.options.service} service is unavailable, please try again shortly.`
    );
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, this.retryDelayMs));
  }
}
