/**
 * /account/moves: the signed-in customer's bookings and saved quotes (upcoming, then past; newest
 * first, a page at a time), each opening its My move page; "Book this move again" fills the booking
 * form with the same stops, items and van for a new date; the addresses used before; signing out
 * here or everywhere.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { CUSTOMER_LINK_PAGE, formatPence, type MyMovesItem, type SavedAddress } from '@vanhop/contracts';
import { usePageTitle } from '../../lib/usePageTitle';
import { PATHS } from '../../lib/paths';
import { bookAgainState } from '../../lib/route-state';
import { londonDateTime } from '../../lib/format';
import { fetchBookAgain, fetchMyMoves, fetchSavedAddresses, signOut, signOutEverywhere } from './api';
import { useCustomerSession } from './session';
import { useSubmit } from '../../lib/useSubmit';
import './account.css';

function MoveRow({ move, onAgain, busy }: { move: MyMovesItem; onAgain: (id: string) => void; busy: boolean }) {
  const when = londonDateTime(move.moveDate) || 'No date chosen';
  return (
    <li className="my-moves-item" data-testid="my-moves-item">
      <h3>
        <Link to={move.myMovePath}>
          {move.places.join(' → ')} <span className="visually-hidden">, {when}</span>
        </Link>
      </h3>
      <p>
        {when} · {move.van} van · {formatPence(move.totalPricePence)} · {move.statusText} · Code {move.randomNumber}
      </p>
      <p className="account-actions">
        {move.kind === 'saved-quote' && move.upcoming && (
          <Link to={`/retrieve/${move.randomNumber}`} className="button">
            Book this quote
          </Link>
        )}
        <button type="button" className="button secondary" onClick={() => onAgain(move.bookingId)} disabled={busy}>
          Book this move again
        </button>
      </p>
    </li>
  );
}

export function MyMovesPage() {
  usePageTitle('My moves');
  const { token, guard, logout } = useCustomerSession();
  const navigate = useNavigate();
  const [moves, setMoves] = useState<MyMovesItem[] | null>(null);
  const [email, setEmail] = useState('');
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [addresses, setAddresses] = useState<SavedAddress[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  // On success the page is left for the booking form, so `pending` only matters until then.
  const bookAgain = useSubmit(
    async (token: string, bookingId: string) => {
      const draft = await guard(fetchBookAgain(token, bookingId));
      void navigate(PATHS.booking, { state: bookAgainState(draft) });
    },
    { failureText: () => 'We could not open that move: try again in a moment.' },
  );
  const busy = bookAgain.pending;
  const shownProblem = bookAgain.failure ?? problem;

  const load = useCallback(
    async (wanted: number) => {
      if (!token) return;
      try {
        const answer = await guard(fetchMyMoves(token, wanted));
        setEmail(answer.email);
        setMoves((was) => (wanted === 1 ? answer.moves : [...(was ?? []), ...answer.moves]));
        setPage(answer.page);
        setHasMore(answer.hasMore);
      } catch {
        setProblem('We could not load your moves: try again in a moment.');
      }
    },
    [token, guard],
  );

  useEffect(() => {
    void load(1);
    if (token)
      guard(fetchSavedAddresses(token)).then(
        (a) => setAddresses(a.addresses),
        () => {},
      );
  }, [load, token, guard]);

  if (!token) return <Navigate to={CUSTOMER_LINK_PAGE} replace />;

  const again = async (bookingId: string) => {
    await bookAgain.run(token, bookingId);
  };
  const out = async (everywhere: boolean) => {
    try {
      await (everywhere ? signOutEverywhere(token) : signOut(token));
    } catch {
      // signed out on this device whatever the answer
    }
    logout();
  };

  const upcoming = (moves ?? []).filter((m) => m.upcoming);
  const past = (moves ?? []).filter((m) => !m.upcoming);
  return (
    <section className="page account-page">
      <h1>My moves</h1>
      {email && <p>Signed in as {email}.</p>}
      {shownProblem && <p role="alert">{shownProblem}</p>}
      {moves === null ? (
        <p>Loading...</p>
      ) : moves.length === 0 ? (
        <p>No bookings or saved quotes yet.</p>
      ) : (
        <>
          <h2>Upcoming</h2>
          {upcoming.length === 0 ? (
            <p>No upcoming moves.</p>
          ) : (
            <ul className="my-moves-list" aria-label="Upcoming moves">
              {upcoming.map((m) => (
                <MoveRow key={m.bookingId} move={m} onAgain={again} busy={busy} />
              ))}
            </ul>
          )}
          <h2>Past</h2>
          {past.length === 0 ? (
            <p>No past moves.</p>
          ) : (
            <ul className="my-moves-list" aria-label="Past moves">
              {past.map((m) => (
                <MoveRow key={m.bookingId} move={m} onAgain={again} busy={busy} />
              ))}
            </ul>
          )}
          {hasMore && (
            <p>
              <button type="button" className="button secondary" onClick={() => void load(page + 1)}>
                Show older moves
              </button>
            </p>
          )}
        </>
      )}
      {addresses.length > 0 && (
        <>
          <h2>Your addresses</h2>
          <ul className="my-moves-addresses" aria-label="Your addresses">
            {addresses.map((a) => (
              <li key={`${a.location}\n${a.physicalAddress}`}>
                {a.physicalAddress}, {a.location}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="account-actions">
        <button type="button" className="button secondary" onClick={() => void out(false)}>
          Sign out
        </button>
        <button type="button" className="button secondary" onClick={() => void out(true)}>
          Sign out everywhere
        </button>
      </p>
    </section>
  );
}

export default MyMovesPage;
