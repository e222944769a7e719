import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createStore } from '../store/store';
import { HomePage } from '../features/home/HomePage';
import { Layout } from '../app/layout/Layout';
import { prerenderLandingPage } from './landing-html';
import { prerenderShell } from './shell';
import { PAGE_SLOT } from './shell-files';

/**
 * What decides the layout: every element with its classes, sizes, inline style and visibility, and
 * the text. (Attribute order, generated ids and the image preloads server rendering hoists differ.)
 */
function shape(html: string): string {
  const box = document.createElement('div');
  box.innerHTML = html;
  for (const l of box.querySelectorAll('link[rel="preload"]')) l.remove();
  const attrs = ['class', 'width', 'height', 'hidden', 'src', 'href'];
  const rows = [...box.querySelectorAll('*')].map(
    (e) =>
      `${e.tagName} ${attrs.map((a) => `${a}=${e.getAttribute(a) ?? '-'}`).join(' ')} style=${(e as HTMLElement).style?.cssText ?? ''}`,
  );
  return `${rows.join('\n')}\n${box.textContent}`;
}

describe('the prerendered app shell', () => {
  afterEach(() => cleanup());

  it('draws the home page exactly as the first client render does (nothing shifts when React takes over)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    const { home } = prerenderShell();
    const { container } = render(
      <MemoryRouter initialEntries={['/']}>
        <Provider store={createStore(null)}>
          <Routes>
            <Route element={<Layout />}>
              <Route path="/" element={<HomePage />} />
            </Route>
          </Routes>
        </Provider>
      </MemoryRouter>,
    );
    await act(async () => undefined);
    expect(home).toContain('<h1>Man and van removals across London</h1>');
    expect(shape(container.innerHTML)).toBe(shape(home));
    vi.unstubAllGlobals();
  });

  it('leaves the page slot in the chrome, where a landing page goes', () => {
    const { chrome } = prerenderShell();
    expect(chrome).toContain(`<main class="site-main">${PAGE_SLOT}</main>`);
    expect(chrome).toContain('<header id="navbar" class="site-header">');
    expect(prerenderLandingPage('/man-and-van-croydon')!.bodyHtml).toContain(
      '<h2>Croydon on the map</h2><div class="map-frame" style="height:400px">',
    );
  });
});
