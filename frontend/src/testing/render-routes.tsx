/** Tests' one way to show pages at an address: each route path with its element, under a memory router. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

export const renderRoutes = (path: string, routes: Record<string, ReactElement>) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {Object.entries(routes).map(([at, element]) => (
          <Route key={at} path={at} element={element} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
