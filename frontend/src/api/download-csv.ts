/**
 * Saves a statement's CSV: the route needs the bearer token, which a plain link cannot send, so
 * the file is fetched and handed to the browser as a download under the server's filename.
 */
export async function downloadCsv(path: string, token: string): Promise<void> {
  const res = await fetch(`/api${path}`, { headers: { authorization: `Bearer ${token}` }, cache: 'no-store' });
  if (!res.ok) throw new Error(`The statement could not be downloaded (${res.status}).`);
  const name =
    /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'vanhop-statement.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
