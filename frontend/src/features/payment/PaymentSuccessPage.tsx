export function PaymentSuccessPage() {
  return <section><h1>PaymentSuccessPage</h1></section>;
}
