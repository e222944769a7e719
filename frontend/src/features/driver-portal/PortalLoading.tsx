/** A portal page before its data arrives: its heading, then "Loading..." or why it could not load. */
export function PortalLoading({ title, error }: { title: string; error: string | null }) {
  return (
    <section className="portal-page">
      <h1>{title}</h1>
      {error ? <p role="alert">{error}</p> : <p>Loading...</p>}
    </section>
  );
}
