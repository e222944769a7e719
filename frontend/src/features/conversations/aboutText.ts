import type { ConversationAbout } from '@vanhop/contracts';

const date = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** One line saying what a conversation is about: "Quote: Sat 14 Mar 2026, 09:30 · London NW2, UK → London SE1, UK · Large van". */
export function aboutText(about: ConversationAbout | null): string {
  if (!about) return '';
  const t = Date.parse(about.date);
  const parts = [
    Number.isNaN(t) ? 'date to be confirmed' : date.format(new Date(t)),
    about.places.length ? about.places.join(' → ') : '',
    about.typeofVan ? `${about.typeofVan} van` : '',
  ].filter(Boolean);
  return `${about.kind === 'booking' ? 'Your booked move' : 'Quote'}: ${parts.join(' · ')}`;
}
