import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { BOOKING_HOURS, SERVICE_TITLES } from '@vanhop/contracts';
import { ServiceDetailPage } from './ServiceDetailPage';
import { SERVICES } from '../../lib/service-content';

// Every source file of the web app, as text: copy that promises a driver in "60 min" would contradict
// the booking rule (a move starts at least 2 hours after booking), wherever it is written.
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const detailText = (title: string) => {
  render(
    <MemoryRouter initialEntries={[`/services/${title.replace(/ /g, '-')}`]}>
      <Routes>
        <Route path="/services/:id" element={<ServiceDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
  const facts = document.querySelector('[aria-label="Good to know"]')?.textContent ?? '';
  const all = document.body.textContent ?? '';
  cleanup();
  return { facts, all };
};

describe('how soon a driver can come', () => {
  afterEach(cleanup);

  it('the service pages give the 2-hour lead time, never 60 minutes', () => {
    expect(BOOKING_HOURS.leadHours).toBe(2);
    // each page draws its 589 area links: two pages stand for the shared layout, the data covers the rest
    for (const title of [SERVICE_TITLES[0], SERVICE_TITLES.at(-1) ?? SERVICE_TITLES[0]]) {
      const { facts, all } = detailText(title);
      expect(facts, title).toContain('2 hours from booking to the soonest start');
      expect(all, title).not.toMatch(/60\s*min/i);
    }
    for (const service of SERVICES) expect(JSON.stringify(service), service.title).not.toMatch(/60\s*min/i);
  });

  it('no page of the web app says a driver comes in 60 minutes', () => {
    const files = Object.keys(sources);
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.endsWith('ServiceDetailPage.tsx'))).toBe(true);
    const offenders = Object.entries(sources)
      .filter(([, text]) => /60[\s-]*min(ute)?s?\b|sixty minutes/i.test(text))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
