import { useSyncExternalStore } from 'react';

/** What the gateway's `GET /api/config` answers: public keys and contact details only, never secrets. */
export interface PublicConfig {
  googleMapsKey?: string;
  stripePublishableKey?: string;
  phone: string;
  email: string;
}

export type PublicConfigState =
  | { status: 'loading'; config: null }
  | { status: 'ready'; config: PublicConfig }
  | { status: 'failed'; config: null };

type Fetcher = (input: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** Keeps only the fields we know, so a surprising answer can never switch a third-party script on by accident. */
export function parsePublicConfig(body: unknown): PublicConfig {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return {
    googleMapsKey: nonEmpty(raw.googleMapsKey),
    stripePublishableKey: nonEmpty(raw.stripePublishableKey),
    phone: nonEmpty(raw.phone) ?? '',
    email: nonEmpty(raw.email) ?? '',
  };
}

/**
 * Loads `/api/config` once per page load and shares the answer with every component.
 * A store rather than React state so that non-component code (map loaders) can await it too.
 */
export class PublicConfigStore {
  private state: PublicConfigState = { status: 'loading', config: null };
  private readonly listeners = new Set<() => void>();
  private pending: Promise<PublicConfigState> | null = null;

  constructor(
    private readonly fetcher: Fetcher,
    private readonly url = '/api/config',
  ) {}

  getState = (): PublicConfigState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    void this.load();
    return () => this.listeners.delete(listener);
  };

  load(): Promise<PublicConfigState> {
    this.pending ??= this.fetcher(this.url)
      .then(async (res) => {
        if (!res.ok) throw new Error(`GET ${this.url} answered ${res.status}`);
        return { status: 'ready', config: parsePublicConfig(await res.json()) } as const;
      })
      .catch(() => {
        // Handled through the state: 'failed' makes each consumer take its fallback (the offline map,
        // the local test checkout), so the pages keep working without the settings.
        return { status: 'failed', config: null } as const;
      })
      .then((next) => {
        this.state = next;
        for (const l of this.listeners) l();
        return next;
      });
    return this.pending;
  }
}

export const publicConfigStore = new PublicConfigStore((input) =>
  fetch(input, { headers: { accept: 'application/json' } }),
);

/** The site settings from `/api/config`; `status` says whether they have arrived yet. */
export function usePublicConfig(store: PublicConfigStore = publicConfigStore): PublicConfigState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
