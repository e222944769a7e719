/**
 * One alert card at the top of the staff dashboard: a heading saying how many bookings want the
 * office's attention, then one line per booking, "<link to it> on <move time>: <what to do>".
 * Shown only while there is something to say.
 */
import type { ReactNode } from 'react';
import { londonDateTime } from '../../../lib/format';

export interface BookingsAlertItem {
  key: string;
  /** What opens the booking ("Booking 123"). */
  link: ReactNode;
  /** The move's start (ISO). */
  date: string;
  /** Why it is listed and what staff can do, after the move time. */
  detail: ReactNode;
}

export function BookingsAlert({
  titleId,
  testId,
  title,
  items,
}: {
  /** The heading's id, which names the alert for assistive technology. */
  titleId: string;
  testId: string;
  title: string;
  items: readonly BookingsAlertItem[];
}) {
  if (items.length === 0) return null;
  return (
    <section className="admin-card admin-needs-driver" role="alert" aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId}>{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            {item.link} on {londonDateTime(item.date)}: {item.detail}
          </li>
        ))}
      </ul>
    </section>
  );
}
