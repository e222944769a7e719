export function BookingPage() {
  return <section><h1>BookingPage</h1></section>;
}
