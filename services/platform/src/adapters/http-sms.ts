import { randomUUID } from 'node:crypto';
import type { Sms, SmsMessage } from '../ports/sms.js';

export interface HttpSmsOptions {
  /** Full URL of the provider's "send message" endpoint. */
  url: string;
  apiKey: string;
  /** Sender id shown on the phone (alphanumeric sender or number). */
  from: string;
  timeoutMs?: number;
}

/**
 * Text messages through a generic HTTP SMS gateway: one JSON POST per message with a bearer key.
 * The message id doubles as the provider's idempotency key, so a retried send is not charged twice
 * by providers that honour it.
 */
export class HttpSms implements Sms {
  constructor(private readonly options: HttpSmsOptions) {}

  async send(message: SmsMessage): Promise<{ id: string }> {
    const id = message.id ?? randomUUID();
    const res = await fetch(this.options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${this.options.apiKey}`,
        'idempotency-key': id,
      },
      body: JSON.stringify({ from: this.options.from, to: message.to, body: message.body, reference: id }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}: ${text.slice(0, 200)}`);
    return { id: providerId(text) ?? id };
  }
}

function providerId(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { id?: unknown; messageId?: unknown };
    const id = parsed.id ?? parsed.messageId;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
  } catch {
    return undefined;
  }
}
