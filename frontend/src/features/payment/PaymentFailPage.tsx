export function PaymentFailPage() {
  return <section><h1>PaymentFailPage</h1></section>;
}
