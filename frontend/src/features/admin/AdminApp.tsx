/** The staff back office under /admin/* (its own layout); loaded lazily so customers never download it. */
export default function AdminApp() {
  return <section><h1>Admin</h1></section>;
}
