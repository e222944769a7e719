/** Polls until `check` stops throwing (or returns true), so tests wait for async delivery without fixed sleeps. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 15_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const result = await check();
      if (result !== false) return result;
      if (Date.now() > deadline) throw new Error('condition still false');
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
