import { MAX_CHECKOUT_PROOFS } from '@vanhop/contracts';

/**
 * The session ids and card-payment client secrets of the checkouts this tab opened, kept in
 * sessionStorage (this tab only, gone when it closes). They go with every new payment request:
 * only with them may a new checkout close this customer's earlier one and take over its driver.
 */
const KEY = 'vanhop.checkoutProofs';

const storage = (): Storage | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

export function checkoutProofs(): string[] {
  try {
    const raw: unknown = JSON.parse(storage()?.getItem(KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((p): p is string => typeof p === 'string').slice(-MAX_CHECKOUT_PROOFS) : [];
  } catch {
    return [];
  }
}

/** Remembers one more proof (the newest kept, at most MAX_CHECKOUT_PROOFS). */
export function rememberCheckoutProof(proof: string | null | undefined): void {
  if (!proof) return;
  const kept = [...checkoutProofs().filter((p) => p !== proof), proof].slice(-MAX_CHECKOUT_PROOFS);
  try {
    storage()?.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the checkout still works, only superseding it needs the proof.
  }
}

/** Forgets them all (their checkouts were closed). */
export function forgetCheckoutProofs(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing kept to forget.
  }
}
