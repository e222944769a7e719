import { LEAD_TIME_TEXT } from '@vanhop/contracts';
import { SERVICE_CONTENT } from '../../lib/service-content';
import { placeDisplayName, type LandingTarget } from '../../lib/landing-ids';

export interface LandingText {
  heading: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

type Opener = (service: string, place: string) => string;
type LocalLine = (place: string) => string;

/** Small stable hash so each page gets the same wording on every visit, but neighbouring pages differ. */
function pick<T>(options: readonly [T, ...T[]], seed: string, salt: number): T {
  let h = 2166136261 ^ salt;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return options[Math.abs(h) % options.length] ?? options[0];
}

const OPENERS: readonly [Opener, ...Opener[]] = [
  (s: string, p: string) =>
    `Looking for ${s.toLowerCase()} in ${p}? Compare local self-employed drivers, choose your van and book online in minutes.`,
  (s: string, p: string) =>
    `${s} in ${p}, priced by the drivers who do the work: tell us the job, compare offers and book the one you like.`,
  (s: string, p: string) =>
    `Need help with ${s.toLowerCase()} around ${p}? Get prices from drivers near you and book at any hour of the day or night.`,
];

const LOCAL_LINES: readonly [LocalLine, ...LocalLine[]] = [
  (p: string) =>
    `Drivers working in and around ${p} know the local roads, the loading bays and the streets where parking needs a permit, which saves time on the day.`,
  (p: string) =>
    `Plenty of our drivers live close to ${p}, so on most days one can be with you in as little as ${LEAD_TIME_TEXT} after booking, the soonest a move can start.`,
  (p: string) =>
    `Whether you are moving within ${p}, into it or out of it, the quote covers the whole route, including any stops you add on the way.`,
];

/** The long marketing text of a /{service}-{place} page, built from our templates and the service's own copy. */
export function landingText({ service, place }: LandingTarget): LandingText {
  const where = placeDisplayName(place);
  const seed = `${service}|${place}`;
  const content = SERVICE_CONTENT[service];
  return {
    heading: `${service} in ${where}`,
    intro: pick(OPENERS, seed, 1)(service, where),
    sections: [
      {
        heading: `Why book ${service.toLowerCase()} in ${where} with us`,
        paragraphs: [
          content.summary,
          pick(LOCAL_LINES, seed, 2)(where),
          'Every van comes with its driver, and every job carries goods-in-transit insurance up to £10,000 and public liability cover up to £5,000,000.',
        ],
      },
      {
        heading: 'How it works',
        paragraphs: [
          `1. Search: enter the pickup and dropoff postcodes on our home page. Pickups must be within 30 miles of London NW2; deliveries from ${where} can go anywhere in the UK.`,
          '2. Build your move: pick a Small, Medium, Large or Luton van, the help you need, any via stops, the flights of stairs at each address, the hours and the date.',
          '3. Compare and book: drivers answer with their own prices. Pay a 30% or 50% deposit or the full amount by card, or save the quote and come back with its code.',
        ],
      },
      {
        heading: `What ${service.toLowerCase()} includes`,
        paragraphs: [...content.body, `Most customers in ${where} choose: ${content.suggestion}.`],
      },
      {
        heading: 'Prices without surprises',
        paragraphs: [
          'Your quote shows the price for the booked time and the overtime rate per half hour if the job runs long. Quotes do not include VAT.',
          `Parking, tolls, ferry fees, the congestion charge (£15.00 when the pickup or dropoff is in the zone) and ULEZ (£12.50 for older vans) are not in the quote and are paid on the day. Ask your driver about parking near your address in ${where}.`,
          'You can cancel free of charge for 1 hour after booking. After that, our cancellation policy applies.',
        ],
      },
    ],
  };
}

/** The page title, shared by the React page and the gateway's prerendered HTML. */
export const landingTitle = (text: LandingText): string => `${text.heading} | VanHop Removals`;
