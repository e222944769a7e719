export function HomePage() {
  return (
    <section id="quotesearch">
      <h1>Man and van removals across London</h1>
      <p>Compare self-employed drivers, book and pay online.</p>
    </section>
  );
}
