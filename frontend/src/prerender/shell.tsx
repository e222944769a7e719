/**
 * The app shell rendered to HTML at build time (frontend/scripts/prerender-shell.mjs), so the
 * gateway can send the home page and the chrome of its landing pages as markup: the browser paints
 * them before any script runs, and React's first render draws the same boxes (no layout shift).
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { createStore } from '../store/store';
import { HomePage } from '../features/home/HomePage';
import { Layout } from '../app/layout/Layout';
import { PAGE_SLOT } from './shell-files';

const render = (pathname: string, page: ReactNode): string =>
  renderToString(
    <StaticRouter location={pathname}>
      <Provider store={createStore(null)}>
        <Routes>
          <Route element={<Layout />}>
            <Route path="*" element={page} />
          </Route>
        </Routes>
      </Provider>
    </StaticRouter>,
  );

const SLOT_ELEMENT = '<template data-vanhop-page=""></template>';

export function prerenderShell(): { home: string; chrome: string } {
  // Any path that is neither home nor a menu entry draws the chrome a landing page gets.
  const chrome = render('/prerendered-page', <template data-vanhop-page="" />);
  if (!chrome.includes(SLOT_ELEMENT)) throw new Error('the page slot is missing from the prerendered chrome');
  return { home: render('/', <HomePage />), chrome: chrome.replace(SLOT_ELEMENT, PAGE_SLOT) };
}
