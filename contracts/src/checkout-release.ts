import * as yup from 'yup';

/**
 * Releasing checkouts someone else opened with a customer's e-mail. The per-e-mail cap on unpaid
 * checkouts counts every client, so whoever knows an address could use up its share; the owner of
 * the address is mailed a release link, and opening it closes those checkouts and frees their drivers.
 */

/**
 * The web app's page for a release link. The token rides in the fragment, which browsers never
 * send to a server, so no request log or proxy ever sees it.
 */
export const CHECKOUT_RELEASE_PAGE = '/release-checkouts';
export const checkoutReleasePath = (token: string): string => `${CHECKOUT_RELEASE_PAGE}#${token}`;

/**
 * Release links one address is offered (payment) and mailed (notification) a day. Once they are
 * spent, the address's share of checkouts no longer applies to other clients for the day, so
 * spending them gains an attacker no lock-out.
 */
export const CHECKOUT_RELEASE_LINKS_PER_DAY = 3;

/** POST /api/paymentbooking/release: the link's token, as the page read it from its fragment. */
export const RELEASE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;
export const CHECKOUT_RELEASE_MSG = {
  linkInvalid:
    'This release link has expired or is not valid. Try booking again: if checkouts still hold your e-mail, we will send a new link.',
  /** The cap's answer when some of the address's open checkouts were opened from another client. */
  heldElsewhere: (open: number, minutes: number): string =>
    `You already have ${open} moves waiting for payment, some started from another device. Finish paying one of them, or try again in ${minutes} minute${minutes === 1 ? '' : 's'} when they lapse. If you did not start them, we have e-mailed you a link to release them.`,
} as const;

export const checkoutReleaseRequestSchema = yup.object({
  token: yup
    .string()
    .strict(true)
    .required(CHECKOUT_RELEASE_MSG.linkInvalid)
    .matches(RELEASE_TOKEN_PATTERN, CHECKOUT_RELEASE_MSG.linkInvalid),
});
export type CheckoutReleaseRequest = yup.InferType<typeof checkoutReleaseRequestSchema>;

/** The answer: checkouts closed (their drivers free again), and those kept: already paid, or a payment still in progress. */
export interface CheckoutReleaseResponse {
  released: number;
  kept: number;
}
