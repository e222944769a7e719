import type { MaskedCall, MaskedCallRequest, Telephony } from '../ports/telephony.js';

export interface HttpTelephonyOptions {
  /** Full URL of the provider's "create masked session" endpoint. */
  url: string;
  apiKey: string;
  timeoutMs?: number;
}

/** What a dialable number looks like: digits, spaces and a leading +, nothing a tel: link could misuse. */
const DIALABLE = /^\+?[0-9][0-9 ]{5,19}$/;

/**
 * Masked calls through a generic HTTP telephony gateway: one JSON POST per session with a bearer
 * key, answered with the proxy number (`proxyNumber` or `number`). The reference doubles as the
 * idempotency key, so asking twice for one booking reuses a session with providers that honour it.
 */
export class HttpTelephony implements Telephony {
  constructor(private readonly options: HttpTelephonyOptions) {}

  async maskedCall(request: MaskedCallRequest): Promise<MaskedCall> {
    const res = await fetch(this.options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${this.options.apiKey}`,
        'idempotency-key': request.reference,
      },
      body: JSON.stringify({
        reference: request.reference,
        participants: [request.caller, request.callee],
        expiresAt: request.expiresAt,
      }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`Telephony provider answered ${res.status}: ${text.slice(0, 200)}`);
    const proxyNumber = proxyOf(text);
    // Never pass on something that is not a number to dial, nor either party's own number.
    if (
      !proxyNumber ||
      !DIALABLE.test(proxyNumber) ||
      [request.caller, request.callee].some((n) => digits(n) === digits(proxyNumber))
    ) {
      throw new Error('Telephony provider answered without a usable proxy number');
    }
    return { proxyNumber };
  }
}

const digits = (n: string) => n.replace(/\D/g, '');

function proxyOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { proxyNumber?: unknown; number?: unknown };
    const n = parsed.proxyNumber ?? parsed.number;
    return typeof n === 'string' ? n.trim() : undefined;
  } catch {
    return undefined;
  }
}
