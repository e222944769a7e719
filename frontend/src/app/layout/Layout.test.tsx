import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { COMPANY } from '@vanhop/contracts';
import { Layout } from './Layout';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="*" element={<p>page body</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('site chrome', () => {
  beforeAll(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ phone: '020 3000 0000', email: 'hello@vanhop.example' }), { status: 200 }),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    delete document.documentElement.dataset.theme;
  });

  it('shows BOOK NOW on every page except home and booking', () => {
    for (const [path, shown] of [
      ['/', false],
      ['/booking', false],
      ['/services', true],
      ['/faq', true],
      ['/man-and-van-acton', true],
    ] as const) {
      renderAt(path);
      expect(screen.queryByRole('link', { name: 'BOOK NOW' }) !== null, path).toBe(shown);
      cleanup();
    }
  });

  it('has the four main links and a logo back home', () => {
    renderAt('/faq');
    for (const [name, href] of [
      ['HOME', '/'],
      ['SERVICES', '/services'],
      ['CONTACT', '/contact'],
      ['FAQ', '/faq'],
    ]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(screen.getByRole('link', { name: `${COMPANY.brand} home` }).getAttribute('href')).toBe('/');
  });

  it('toggles the small-screen menu between the menu glyph and X', () => {
    renderAt('/services');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.textContent).toBe('☰');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' }).textContent).toBe('✕');
    expect(document.getElementById('site-nav')!.className).toContain('open');
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(document.getElementById('site-nav')!.className).not.toContain('open');
  });

  it('starts light and switches to dark and back', () => {
    renderAt('/');
    expect(document.documentElement.dataset.theme).toBe('light');
    fireEvent.click(screen.getByRole('button', { name: /Night mode/ }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: /Day mode/ }));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('has the footer links, registration, copyright and credit', async () => {
    renderAt('/terms');
    expect(await screen.findByRole('link', { name: '020 3000 0000' })).toHaveProperty('href', 'tel:02030000000');
    expect(screen.getByRole('link', { name: 'hello@vanhop.example' }).getAttribute('href')).toBe(
      'mailto:hello@vanhop.example',
    );
    expect(screen.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Staff login' }).getAttribute('href')).toBe('/admin/login');
    expect(screen.getByRole('link', { name: 'Get a quick quote' }).getAttribute('href')).toBe('/#quotesearch');
    expect(screen.getByRole('link', { name: /Back to top/ }).getAttribute('href')).toBe('#navbar');
    expect(screen.getByText(new RegExp(`Company registration number: ${COMPANY.registrationNumber}`))).toBeShown();
    expect(screen.getByText(`© ${new Date().getFullYear()} ${COMPANY.name}`)).toBeShown();
  });

  it('pads the footer bottom 0 on home and 7vh elsewhere', async () => {
    renderAt('/');
    expect((document.querySelector('footer') as HTMLElement).style.paddingBottom).toBe('0px');
    cleanup();
    renderAt('/contact');
    expect((document.querySelector('footer') as HTMLElement).style.paddingBottom).toBe('7vh');
    await act(async () => {});
  });
});
