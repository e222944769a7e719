/** Accepted ways to pay (our own SVG badges under /images/payment, no third-party images). */
const METHODS = [
  { file: 'visa', name: 'Visa' },
  { file: 'mastercard', name: 'Mastercard' },
  { file: 'amex', name: 'American Express' },
  { file: 'maestro', name: 'Maestro' },
  { file: 'apple-pay', name: 'Apple Pay' },
  { file: 'google-pay', name: 'Google Pay' },
];

export function PaymentIcons() {
  return (
    <ul className="payment-icons" aria-label="Accepted payment methods">
      {METHODS.map((m) => (
        <li key={m.file}>
          <img src={`/images/payment/${m.file}.svg`} alt={m.name} title={m.name} width={64} height={40} />
        </li>
      ))}
    </ul>
  );
}
