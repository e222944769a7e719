import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SERVICE_TITLES } from '@vanhop/contracts';
import { ServicesPage } from './ServicesPage';
import { ServiceDetailPage } from './ServiceDetailPage';

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/services" element={<ServicesPage />} />
        <Route path="/services/:id" element={<ServiceDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('services', () => {
  afterEach(cleanup);

  it('lists the 12 services linking to /services/{title with hyphens}, plus the sticky quote link', () => {
    at('/services');
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(12);
    SERVICE_TITLES.forEach((title, i) => {
      expect(cards[i]?.querySelector('h2')?.textContent).toBe(title);
      expect(cards[i]?.querySelector('a')?.getAttribute('href')).toBe(`/services/${title.replace(/ /g, '-')}`);
    });
    expect(screen.getByRole('link', { name: 'Get a Free Quote' }).getAttribute('href')).toBe('/');
  });

  it('shows a detail page for every service and the 404 for others', () => {
    for (const title of SERVICE_TITLES) {
      at(`/services/${title.replace(/ /g, '-')}`);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      cleanup();
    }
    at('/services/Piano-Tuning');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 - Not Found');
  });
});

describe('service detail areas', () => {
  afterEach(cleanup);

  it('links the service to its local page for every place', () => {
    at('/services/Man-and-Van');
    const links = [...document.querySelectorAll('.area-links a')].map((a) => a.getAttribute('href'));
    expect(links).toHaveLength(589);
    expect(links).toContain('/man-and-van-abbey-wood');
    expect(links).toContain('/man-and-van-east-central-london');
  });
});
