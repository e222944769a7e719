/**
 * Operator settings for a load from one test machine: every request reaches the gateways from
 * the same address, so the per-client limits (which a real customer never comes near) are raised;
 * the SMTP catcher keeps every mail of a full run.
 */
export const FAULT_RUN_ENV: Record<string, string> = {
  GATEWAY_RATE_LIMIT_PER_MINUTE: '1000000',
  RETRIEVE_RATE_LIMIT_PER_MINUTE: '100000',
  OPEN_HOLDS_PER_CUSTOMER: '1000',
  MAIL_CATCHER_MAX_MESSAGES: '50000',
};
