/**
 * The customer's session: a bearer token in localStorage under its own key, like the driver portal's
 * (../../app/token-session). A 401 (signed out elsewhere, expired after 30 days) clears it and brings
 * the customer back to the page that asks for a new link.
 */
import { CUSTOMER_LINK_PAGE } from '@vanhop/contracts';
import { createTokenSession, type TokenSession } from '../../lib/token-session';

export const CUSTOMER_TOKEN_KEY = 'vanhop.customerToken';

const session = createTokenSession({ storageKey: CUSTOMER_TOKEN_KEY, loginPath: CUSTOMER_LINK_PAGE });

export const storeCustomerToken = session.store;
export const clearCustomerToken = session.clear;
export type CustomerSession = TokenSession;
export const useCustomerSession: () => CustomerSession = session.useSession;
