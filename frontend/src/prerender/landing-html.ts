import { escapeHtml as esc, MSG } from '@vanhop/contracts';
import { parseLandingId, placeDisplayName } from '../lib/landing-ids';
import { bookNowLink } from '../features/landing/book-now-link';
import { landingText, landingTitle } from '../features/landing/landing-text';

export interface PrerenderedPage {
  title: string;
  description: string;
  /** Static markup put inside #root: what crawlers and no-JS visitors read; React replaces it on load. */
  bodyHtml: string;
}

/**
 * The local landing page /{service}-{place} as plain HTML, from the same text templates the React
 * page renders and in the boxes its first render draws, or null for any path that is not a landing
 * page. The gateway puts it inside the prerendered header and footer (shell.tsx).
 */
export function prerenderLandingPage(pathname: string): PrerenderedPage | null {
  let id: string;
  try {
    id = decodeURIComponent(pathname.replace(/^\/+|\/+$/g, ''));
  } catch {
    // Not valid percent-encoding ("/%E0%A4%A"): no page of ours, and no reason for a server error.
    return null;
  }
  if (!id || id.includes('/')) return null;
  const target = parseLandingId(id);
  if (!target) return null;
  const where = placeDisplayName(target.place);
  const text = landingText(target);
  const sections = text.sections
    .map((s) => `<section><h2>${esc(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}</section>`)
    .join('');
  return {
    title: landingTitle(text),
    description: text.intro,
    bodyHtml:
      `<article class="page landing"><h1>${esc(text.heading)}</h1><p class="lead">${esc(text.intro)}</p>` +
      `<p><a href="${esc(bookNowLink(where))}" class="button">Book Now</a></p>${sections}` +
      // The map's heading and its 400 px frame as the page first draws them (the map fills it later).
      `<h2>${esc(where)} on the map</h2><div class="map-frame" style="height:400px"><p class="map-status">${esc(MSG.maps.loading)}</p></div>` +
      `<div class="booking-box" style="margin-top:1.5rem"><h2>Ready to move?</h2><p>Compare drivers for ${esc(target.service.toLowerCase())} in ${esc(where)} now: it takes a minute and costs nothing to get prices.</p>` +
      `<a href="${esc(bookNowLink(where))}" class="button">Book Now</a></div></article>`,
  };
}
