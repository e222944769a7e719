import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MSG } from '@vanhop/contracts';

// The Google library cannot load here (no network): the loader's states are simulated to check what the page shows.
const loader = vi.hoisted(() => ({
  state: { isLoaded: false, loadError: undefined as Error | undefined },
  options: [] as unknown[],
}));
vi.mock('@react-google-maps/api', () => ({
  useJsApiLoader: (options: unknown) => {
    loader.options.push(options);
    return loader.state;
  },
  GoogleMap: ({ children }: { children: unknown }) => <div data-testid="google-map">{children as never}</div>,
  Marker: () => <span data-testid="google-marker" />,
  Circle: ({ radius }: { radius: number }) => <span data-testid="google-circle" data-radius={radius} />,
}));

vi.stubGlobal(
  'fetch',
  vi.fn(async () => new Response(JSON.stringify({ phone: '1', email: 'a@b.c', googleMapsKey: 'browser-key' }))),
);

const { MapView } = await import('./MapView');
const spec = {
  label: 'Coverage',
  center: { lat: 51.55847, lng: -0.21989 },
  zoom: 7,
  height: '70vh',
  marker: true,
  circleRadiusMetres: 48282,
};

describe('map with a Google Maps key', () => {
  afterEach(cleanup);

  it("says 'Loading...' until the script has loaded", async () => {
    loader.state = { isLoaded: false, loadError: undefined };
    render(<MapView {...spec} />);
    await screen.findByText(MSG.maps.loading);
    await vi.waitFor(() =>
      expect(loader.options).toContainEqual({
        id: 'google-map-script',
        googleMapsApiKey: 'browser-key',
        libraries: ['places'],
      }),
    );
  });

  it("says 'Error Loading Maps....' when the script fails", async () => {
    loader.state = { isLoaded: false, loadError: new Error('blocked') };
    render(<MapView {...spec} />);
    await screen.findByText(MSG.maps.error);
    expect(screen.queryByTestId('google-marker')).toBeNull();
  });

  it('draws the marker and the 48282 m circle once loaded', async () => {
    loader.state = { isLoaded: true, loadError: undefined };
    render(<MapView {...spec} />);
    await screen.findByTestId('google-marker');
    expect(screen.getByTestId('google-circle').getAttribute('data-radius')).toBe('48282');
  });
});
