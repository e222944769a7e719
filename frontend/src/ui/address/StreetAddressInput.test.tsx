import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';

// No Google library here: the Places widget is simulated to check what the input does with it.
const google = vi.hoisted(() => ({
  loads: [] as unknown[],
  options: [] as unknown[],
  place: { formatted_address: '12 Cricklewood Ln, London NW2 1HS, UK' },
  changed: null as null | (() => void),
}));
vi.mock('@react-google-maps/api', () => ({
  useJsApiLoader: (options: unknown) => {
    google.loads.push(options);
    return { isLoaded: true, loadError: undefined };
  },
  Autocomplete: ({
    children,
    options,
    onLoad,
    onPlaceChanged,
  }: {
    children: unknown;
    options: unknown;
    onLoad: (a: { getPlace: () => unknown }) => void;
    onPlaceChanged: () => void;
  }) => {
    google.options.push(options);
    onLoad({ getPlace: () => google.place });
    google.changed = onPlaceChanged;
    return <div data-testid="places-autocomplete">{children as never}</div>;
  },
}));

/** A fresh copy of the component and the site's config store, with /api/config answering `config`. */
async function withConfig(config: Record<string, string>) {
  vi.resetModules();
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(String(url));
      return new Response(JSON.stringify({ phone: '1', email: 'a@b.c', ...config }));
    }),
  );
  const { StreetAddressInput } = await import('./StreetAddressInput');
  const { publicConfigStore } = await import('../../lib/config');
  return { StreetAddressInput, calls, configLoaded: () => publicConfigStore.load() };
}

beforeEach(() => {
  google.loads = [];
  google.options = [];
  google.changed = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('building address input', () => {
  it('without a Maps key is a plain input: no Google code is loaded', async () => {
    const { StreetAddressInput, calls, configLoaded } = await withConfig({});
    const onPicked = vi.fn();
    render(
      <StreetAddressInput id="addr" aria-label="Building address" value="" onChange={() => {}} onPicked={onPicked} />,
    );
    expect((await configLoaded()).status).toBe('ready');
    expect(calls).toEqual(['/api/config']);
    const input = screen.getByLabelText('Building address');
    fireEvent.change(input, { target: { value: '12 High Road' } });
    expect(screen.queryByTestId('places-autocomplete')).toBeNull();
    expect(google.loads).toEqual([]);
  });

  it('with a key offers Google Places street addresses in the UK and hands on the one picked', async () => {
    const { StreetAddressInput } = await withConfig({ googleMapsKey: 'browser-key' });
    const onPicked = vi.fn();
    render(
      <StreetAddressInput id="addr" aria-label="Building address" value="" onChange={() => {}} onPicked={onPicked} />,
    );
    await screen.findByTestId('places-autocomplete');
    expect(google.loads).toContainEqual({
      id: 'google-map-script',
      googleMapsApiKey: 'browser-key',
      libraries: ['places'],
    });
    expect(google.options[0]).toMatchObject({ componentRestrictions: { country: 'gb' }, types: ['address'] });
    expect(screen.getByLabelText('Building address').id).toBe('addr');
    google.changed?.();
    expect(onPicked).toHaveBeenCalledWith('12 Cricklewood Ln, London NW2 1HS, UK');
  });
});
