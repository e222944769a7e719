/**
 * Masked calls: a provider gives a proxy number that rings `callee` when `caller` dials it (and
 * shows the proxy, not the caller, on the callee's phone), so neither party learns the other's number.
 */
export interface MaskedCallRequest {
  /** Ours, for the provider's records and idempotency (the booking the call is about). */
  reference: string;
  caller: string;
  callee: string;
  /** When the provider may release the proxy number. */
  expiresAt: string;
}

export interface MaskedCall {
  /** The number the caller dials. */
  proxyNumber: string;
}

export interface Telephony {
  maskedCall(request: MaskedCallRequest): Promise<MaskedCall>;
}
