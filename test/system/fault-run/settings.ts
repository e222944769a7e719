/**
 * Operator settings for a load from one test machine. Each move is its own customer: it sends its
 * own address in X-Forwarded-For (`customerAddress`), as a proxy in front of the lb would, and the
 * gateway trusts that one more hop. Without it every move would be one client, whose checkouts
 * take turns under the client's lease: at full size they queued past the 15 s wait and answered
 * 503 for the rest of the run. The per-client limits are raised all the same (the compose tests
 * share this stack and send from one address); the SMTP catcher keeps every mail of a full run.
 */
export const FAULT_RUN_ENV: Record<string, string> = {
  TRUST_PROXY: '2',
  GATEWAY_RATE_LIMIT_PER_MINUTE: '1000000',
  RETRIEVE_RATE_LIMIT_PER_MINUTE: '100000',
  OPEN_HOLDS_PER_CUSTOMER: '1000',
  MAIL_CATCHER_MAX_MESSAGES: '50000',
};

/** The address move `index` sends from: one per move, outside every private range. */
export const customerAddress = (index: number): string => `100.64.${(index >> 8) & 255}.${index & 255}`;
