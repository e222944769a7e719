export function RetrievePage() {
  return <section><h1>RetrievePage</h1></section>;
}
