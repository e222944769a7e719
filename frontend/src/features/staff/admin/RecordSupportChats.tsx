/**
 * The Instant Support chats a customer opened from this booking's My move, in its record: staff
 * see what was asked about the move without searching the inbox.
 */
import { Link } from 'react-router-dom';
import { fetchBookingSupportChats } from './api';
import { useAdminSession } from './session';
import { useResource } from '../../../lib';
import { adminPath } from '../../../lib/area-paths';

export function RecordSupportChats({ bookingId }: { bookingId: string }) {
  const { token, guard } = useAdminSession();
  const { data } = useResource(token ? () => guard(fetchBookingSupportChats(token, bookingId)) : null, [
    token,
    guard,
    bookingId,
  ]);
  const chats = data?.conversations ?? [];
  if (chats.length === 0) return null;
  return (
    <section aria-label="Support chats" data-testid="record-support-chats">
      <h3>Support chats about this booking</h3>
      <ul>
        {chats.map((c) => (
          <li key={c.id}>
            {c.customerName}: “{c.lastMessage.body}” ({c.awaitingStaff ? 'unanswered' : 'answered'}){' '}
            <Link to={adminPath('support')}>Open the support inbox</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
