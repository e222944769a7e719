/**
 * Test helpers for the signed-in areas' app tests (staff back office, driver screens, driver
 * portal): render the area at a path with the current path shown, and the usual small helpers
 * (their fetch calls are answered by testing/fakeApi). Test-only: no app code imports this file.
 */
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** Renders `app` mounted at `route` (e.g. `/admin/*`), opened at `path`, with the current path in `where()`. */
export const renderArea = (route: string, app: ReactElement, path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={route} element={app} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );

export const where = () => screen.getByTestId('where').textContent;
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
export const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

/** The error text tied to an input by aria-describedby. */
export const errorOf = (label: string) => {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert')?.textContent ?? null
  );
};

/**
 * Call inside a describe: before each test, storage is emptied (then `signedIn` stored, if given)
 * and console.error silenced; after each, the app is unmounted and stubs and spies are undone.
 */
export function isolateEachTest(signedIn?: { key: string; token: string }) {
  beforeEach(() => {
    window.localStorage.clear();
    if (signedIn) window.localStorage.setItem(signedIn.key, signedIn.token);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
