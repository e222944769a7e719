/** A moment as staff read it on a record: "Thu, 02 Jul 2026, 10:05", London time. */
const londonDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export const formatLondonDate = (date: Date | null): string => (date ? londonDateTime.format(date) : 'No date');
