/**
 * The customer's conversation links, kept in this browser: a customer has no account, so the
 * signed token is what reopens a thread (it is also e-mailed to them). Storage failures (private
 * mode, disabled storage) only mean the thread is not remembered here.
 */
const KEY = 'vanhop.conversations';

interface Saved {
  support?: string;
  /** The latest thread with each driver, by driver id. */
  drivers?: Record<string, string>;
}

function read(): Saved {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Saved) : {};
  } catch {
    return {};
  }
}

function write(saved: Saved): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(saved));
  } catch {
    // not remembered in this browser; the e-mailed link still works
  }
}

export const savedSupportToken = (): string | null => read().support ?? null;
export const saveSupportToken = (token: string | null): void => {
  const { support: _old, ...rest } = read();
  write(token ? { ...rest, support: token } : rest);
};

export const savedDriverToken = (driverId: string): string | null => {
  const drivers = read().drivers;
  return drivers && Object.hasOwn(drivers, driverId) ? (drivers[driverId] ?? null) : null;
};
export const saveDriverToken = (driverId: string, token: string | null): void => {
  const saved = read();
  const drivers = { ...(saved.drivers ?? {}) };
  if (token) drivers[driverId] = token;
  else delete drivers[driverId];
  write({ ...saved, drivers });
};
