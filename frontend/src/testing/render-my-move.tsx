/**
 * My move as the customer's signed link opens it, for the page's tests: the page (or a part of it)
 * on its route at `/mymove/<token>`, with the receipt and retrieve pages it links to as plain
 * markers. Its reads are answered by testing/fakeApi at `myMoveApi(token)`. Test-only.
 */
import type { ReactElement } from 'react';
import { MyMovePage } from '../features/mymove/MyMovePage';
import { renderRoutes } from './render-routes';

/** The link's token most My move tests use. */
export const MY_MOVE_TOKEN = 'tok.en-1';

/** The API path the page reads its booking from, for the token. */
export const myMoveApi = (token = MY_MOVE_TOKEN) => `/api/mymove/${token}`;

export interface MyMoveAt {
  /** The page's clock (the cooling-off hour, the day of the move). */
  now?: () => Date;
  token?: string;
  /** What the My move route shows instead of the whole page: a part of it, as the page renders it. */
  element?: ReactElement;
}

export const renderMyMove = ({ now, token = MY_MOVE_TOKEN, element }: MyMoveAt = {}) =>
  renderRoutes(`/mymove/${token}`, {
    '/mymove/:token': element ?? <MyMovePage {...(now ? { now } : {})} />,
    '/mymove/:token/receipt/:receiptId': <p>receipt page</p>,
    '/retrieve': <p>retrieve page</p>,
  });
