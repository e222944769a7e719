/**
 * The other two areas: a screenshot of every staff (back office) and driver portal
 * screen at desktop (1280) and phone (390) width, in the day and the night theme, written to
 * test-artifacts/screens/<screen>-<width>-<theme>.png for a person to review. Each screen waits for
 * what its user sees first, so one that no longer renders fails instead of giving a blank picture.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { shot, windowShot } from './harness.js';
import { startBackOffice, type BackOffice } from './back-office-data.js';
import { AREA_SCREENS } from './screen-list.js';
import { WALKED_VIEWPORT_THEMES, openAreaScreen, screenPath, visitorPages } from './screens.js';

describe('screenshots of every staff and driver screen (desktop and phone, day and night)', () => {
  let office: BackOffice;
  beforeAll(async () => {
    office = await startBackOffice();
  });
  afterAll(async () => {
    await office?.stop();
  });

  it.each(WALKED_VIEWPORT_THEMES)(
    '$viewport.name, $theme theme',
    async ({ viewport, theme }) => {
      const { pages, close } = await visitorPages(office.browser, office.data, viewport);
      try {
        for (const screen of AREA_SCREENS) {
          const page = pages[screen.as];
          await openAreaScreen(page, office.base, screen, office.data, theme);
          await (screen.dialog ? windowShot : shot)(page, screenPath(screen.name, viewport, theme));
        }
      } finally {
        await close();
      }
    },
    240_000,
  );
});
