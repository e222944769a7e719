/** Accepted ways to pay, drawn inline (no third-party images). */
const METHODS = [
  { name: 'Visa', bg: '#1a1f71', fg: '#ffffff' },
  { name: 'Mastercard', bg: '#252525', fg: '#ffb600' },
  { name: 'Amex', bg: '#2e77bb', fg: '#ffffff' },
  { name: 'Maestro', bg: '#0a3a82', fg: '#ffffff' },
  { name: 'Apple Pay', bg: '#000000', fg: '#ffffff' },
  { name: 'Google Pay', bg: '#ffffff', fg: '#3c4043' },
];

export function PaymentIcons() {
  return (
    <ul className="payment-icons" aria-label="Accepted payment methods">
      {METHODS.map((m) => (
        <li key={m.name}>
          <svg viewBox="0 0 80 50" width="64" height="40" role="img" aria-label={m.name}>
            <rect x="1" y="1" width="78" height="48" rx="6" fill={m.bg} stroke="#999" />
            <text x="40" y="30" textAnchor="middle" fontSize={m.name.length > 6 ? 11 : 15} fontWeight="700" fontFamily="system-ui, sans-serif" fill={m.fg}>
              {m.name}
            </text>
          </svg>
        </li>
      ))}
    </ul>
  );
}
