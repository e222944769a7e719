/**
 * Hostile input for the product's /api: the route catalogue, fixed lists of broken bodies, queries and
 * ids, a seeded generator of malformed requests, and the check that an answer leaks no internals.
 * Shared by the hand-picked bad-input test and the seeded fuzz test.
 */
import type { Env } from '@vanhop/platform';
import { apiClient } from './gateway-api.js';

/** Per-route limits raised so a flood of bad requests is judged on content, not volume (docs/CONFIGURATION.md). */
export const UNLIMITED_RATES: Env = {
  GATEWAY_RATE_LIMIT_PER_MINUTE: '100000',
  CONTACT_RATE_LIMIT_PER_HOUR: '100000',
  RETRIEVE_RATE_LIMIT_PER_MINUTE: '100000',
  LOGIN_RATE_LIMIT_PER_CLIENT: '100000',
  LOGIN_RATE_LIMIT_PER_USERNAME: '100000',
  REGISTER_RATE_LIMIT_PER_CLIENT: '100000',
  CONVERSATION_RATE_LIMIT_PER_HOUR: '100000',
  CONVERSATION_THREAD_RATE_LIMIT_PER_HOUR: '100000',
  REVIEW_SUBMIT_RATE_LIMIT_PER_HOUR: '100000',
};

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `:id` stands for the one path parameter, if any. */
  path: string;
  /** Needs a staff token at the gateway. */
  admin?: boolean;
  /** Query keys the route reads. */
  query?: string[];
  /** Takes a JSON body. */
  body?: boolean;
  /** How often the fuzzer picks it relative to the others (default 1). */
  weight?: number;
}

/** Every /api route the product serves in embedded mode (docs/WIRE-CONTRACT.md plus our additions). */
export const API_ROUTES: readonly ApiRoute[] = [
  { method: 'POST', path: '/api/booking', body: true },
  { method: 'GET', path: '/api/geo/autocomplete', query: ['q'] },
  { method: 'GET', path: '/api/geo/geocode', query: ['address'] },
  { method: 'GET', path: '/api/geo/coverage', query: ['address', 'lat', 'lng'] },
  { method: 'POST', path: '/api/saveRetrieve', body: true },
  { method: 'GET', path: '/api/saveRetrieve', query: ['randomNumber'] },
  { method: 'POST', path: '/api/paymentbooking', body: true },
  { method: 'POST', path: '/api/paymentbooking/success', body: true },
  { method: 'POST', path: '/api/paymentbooking/release', body: true },
  { method: 'POST', path: '/api/savebooking', body: true },
  { method: 'POST', path: '/api/savebooking/updatepaymentstatus', body: true },
  { method: 'POST', path: '/api/payments/webhook', body: true },
  { method: 'GET', path: '/api/payments/local-checkout/:id' },
  { method: 'POST', path: '/api/payments/local-checkout/:id/pay', body: true },
  { method: 'POST', path: '/api/payments/local-checkout/:id/fail', body: true },
  { method: 'POST', path: '/api/contact/sendemail', body: true },
  { method: 'GET', path: '/api/google/review' },
  { method: 'POST', path: '/api/account/register', body: true },
  // A well-formed login costs one scrypt hash (~70 ms of CPU): picked less often so a run stays short.
  { method: 'POST', path: '/api/account/login', body: true, weight: 0.25 },
  { method: 'GET', path: '/api/dashboard/health' },
  { method: 'GET', path: '/api/config' },
  { method: 'GET', path: '/api/dev/outbox', admin: true },
  { method: 'GET', path: '/api/dev/outbox/:id', admin: true },
  { method: 'GET', path: '/api/account/admindashboard', admin: true },
  { method: 'GET', path: '/api/dashboard', admin: true },
  { method: 'GET', path: '/api/backdata/all', admin: true },
  { method: 'GET', path: '/api/backdata/search', admin: true, query: ['q'] },
  { method: 'DELETE', path: '/api/backdata/delete/:id', admin: true },
  { method: 'POST', path: '/api/backdata/review/:id', admin: true },
  { method: 'POST', path: '/api/backdata/amend/:id', admin: true, body: true },
  { method: 'POST', path: '/api/backdata/cancel/:id', admin: true, body: true },
  { method: 'POST', path: '/api/conversations/driver', body: true },
  { method: 'POST', path: '/api/conversations/support', body: true },
  { method: 'GET', path: '/api/conversations/:id' },
  { method: 'POST', path: '/api/conversations/:id/messages', body: true },
  { method: 'POST', path: '/api/conversations/:id/email-confirmation', body: true },
  { method: 'GET', path: '/api/driver-reply/:id' },
  { method: 'POST', path: '/api/driver-reply/:id/messages', body: true },
  { method: 'GET', path: '/api/reviews/drivers' },
  { method: 'GET', path: '/api/reviews/link/:id' },
  { method: 'POST', path: '/api/reviews/link/:id', body: true },
  { method: 'GET', path: '/api/support/admin/conversations', admin: true },
  { method: 'GET', path: '/api/support/admin/conversations/:id', admin: true },
  { method: 'POST', path: '/api/support/admin/conversations/:id/messages', admin: true, body: true },
  { method: 'GET', path: '/api/reviews/admin', admin: true, query: ['status'] },
  { method: 'POST', path: '/api/reviews/admin/:id/approve', admin: true },
  { method: 'POST', path: '/api/reviews/admin/:id/reject', admin: true },
  { method: 'GET', path: '/api/drivers/admin', admin: true },
  { method: 'POST', path: '/api/drivers/admin', admin: true, body: true },
  { method: 'GET', path: '/api/drivers/admin/:id', admin: true },
  { method: 'PATCH', path: '/api/drivers/admin/:id', admin: true, body: true },
  { method: 'POST', path: '/api/drivers/admin/:id/suspend', admin: true, body: true },
  { method: 'GET', path: '/api/drivers/admin/:id/audit', admin: true },
  { method: 'GET', path: '/api/drivers/admin/:id/upcoming-jobs', admin: true },
  { method: 'GET', path: '/api/drivers/admin/jobs', admin: true },
  { method: 'GET', path: '/api/drivers/admin/documents', admin: true },
  { method: 'GET', path: '/api/drivers/admin/:id/documents', admin: true },
  { method: 'PUT', path: '/api/drivers/admin/:id/documents', admin: true, body: true },
  { method: 'GET', path: '/api/drivers/admin/:id/calendar', admin: true, query: ['week'] },
  { method: 'POST', path: '/api/driver-account/login', body: true, weight: 0.25 },
  { method: 'GET', path: '/api/driver-account/welcome/:id' },
  { method: 'POST', path: '/api/driver-account/welcome/:id', body: true },
  { method: 'GET', path: '/api/driver-account/admin/accounts', admin: true },
  { method: 'POST', path: '/api/driver-account/admin/invite/:id', admin: true },
  { method: 'POST', path: '/api/driver-account/session/refresh' },
  { method: 'POST', path: '/api/driver-account/session/logout' },
  { method: 'POST', path: '/api/driver-account/admin/sessions/:id/revoke', admin: true },
  { method: 'GET', path: '/api/driver/me' },
  { method: 'PUT', path: '/api/driver/me/card', body: true },
  { method: 'PUT', path: '/api/driver/me/availability', body: true },
  { method: 'GET', path: '/api/driver/me/jobs' },
  { method: 'POST', path: '/api/driver/me/jobs/:id/accept' },
  { method: 'GET', path: '/api/driver-photos/:id' },
  { method: 'GET', path: '/api/driver-profiles/:id' },
  { method: 'GET', path: '/api/reviews/drivers/:id' },
];

export const HOSTILE_BODIES: [name: string, body: string, contentType?: string][] = [
  ['invalid JSON', '{"name": '],
  ['null', 'null'],
  ['an array of numbers', '[1,2,3]'],
  ['a bare string', '"hello"'],
  [
    'operator objects',
    '{"name":{"$gt":""},"email":{"$ne":null},"randomNumber":{"$gt":0},"quote":{"$where":"1"},"username":{"$ne":"x"},"password":{"$ne":"x"},"percentage":{"$in":[30]},"session_id":{"$gt":""},"addresses":{"$size":2}}',
  ],
  [
    'wrong types everywhere',
    '{"addresses":"NW2","vanSize":7,"driverHelp":[],"hour":"lots","date":12,"name":42,"email":true,"phone":{},"agree":"yes","percentage":"thirty","quote":"x","randomNumber":"12abc"}',
  ],
  ['deep nesting', `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`],
  [
    'huge numbers',
    '{"hour":1e308,"randomNumber":1e308,"percentage":1e308,"addresses":[{"id":"a","location":"NW2","stair":1e308},{"id":"b","location":"SE1","stair":-1e308}]}',
  ],
  ['form encoding', 'name=x&email=y', 'application/x-www-form-urlencoded'],
  ['plain text', 'just text', 'text/plain'],
];

export const HOSTILE_QUERIES = [
  '?randomNumber[$gt]=0',
  '?randomNumber=1&randomNumber=2',
  '?q[$regex]=.*',
  '?address[]=NW2',
  '?lat=north&lng=west',
  '?randomNumber=99999999999999999999',
  '?address=%00%ff',
];

/** Path ids that are not ids: operators, traversal, NUL, broken percent-encoding, prototype names, sheer length. */
export const HOSTILE_IDS = [
  '%24gt',
  '..%2F..%2Fetc',
  'x'.repeat(300),
  '%00',
  '{}',
  'not-a-uuid',
  '%E0%A4%A',
  '__proto__',
  'constructor',
  '%20',
  'a%0Ab',
  '%F0%9F%9A%9A',
];

/** Object.prototype's members and other keys that break naive lookups and merges. */
export const PROTOTYPE_WORDS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  '__defineGetter__',
];

/** Stack frames, "Error:" with a source path, or dependency paths: what must never reach a client. */
const LEAKS = [
  /\bat .+\.(?:[cm]?js|ts|tsx):\d+/,
  /\n\s+at \S/,
  /\bnode_modules\b/,
  /Error:[^\n]*(?:\/|\\)[\w.-]+\.(?:[cm]?js|ts)\b/,
  /\/(?:work|home|usr|src|app)\/[\w./-]+\.(?:[cm]?js|ts)\b/,
];

/** Whether an answer's text shows the server's insides (stack traces, source or module paths). */
export const leaksInternals = (text: string): boolean => LEAKS.some((re) => re.test(text));

/** Registers a staff account with the product's sign-up code and logs in; the token opens admin routes. */
export async function staffToken(
  baseUrl: string,
  signupCode: string,
  name = 'fuzzadmin',
  password = 'fuzz-pass-123',
): Promise<string> {
  const api = apiClient(() => baseUrl);
  await api('POST', '/api/account/register', { name, password, password1: password, uniquecode: signupCode });
  const login = await api<{ token?: string }>('POST', '/api/account/login', { username: name, password });
  if (typeof login.body.token !== 'string')
    throw new Error(`staff login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return login.body.token;
}

// ---- the seeded generator --------------------------------------------------------------------

export type Rng = () => number;

/** mulberry32: a tiny seeded PRNG, so a failing run is reproduced exactly from its printed seed. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const chance = (rng: Rng, p: number) => rng() < p;

/** Real values from the running product, so mutated requests also reach the code behind validation. */
export interface FuzzContext {
  token: string;
  /** A complete booking the product prices. */
  booking: Record<string, unknown>;
  /** A quote as /api/booking answers it. */
  quote: Record<string, unknown>;
  bookingId: string;
  randomNumber: number;
  /** A local checkout reference (cs_local_... / pi_local_...). */
  checkoutRef: string;
  /** A mail file name in the dev outbox, if any. */
  outboxFile?: string;
}

export interface FuzzRequest {
  kind: string;
  method: string;
  /** Path and query, already encoded as they go on the wire. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

const deep = (depth: number, leaf: unknown, asArray: boolean): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
};

/** A JSON value of a wrong or hostile kind. */
function hostileValue(rng: Rng): unknown {
  switch (Math.floor(rng() * 11)) {
    case 0:
      return pick(rng, [0, -1, 1.5, -0.5, 1e308, -1e308, 5e-324, 2 ** 53 + 1, 10_000_001, true, false, null]);
    case 1:
      return pick(rng, [
        [],
        [1, 2, 3],
        {},
        [null],
        [[[]]],
        { a: 1 },
        [{}],
        ['NW2', 'SE1'],
        Array.from({ length: 1000 }, (_, i) => ({ id: `s${i}`, location: 'NW2' })),
      ]);
    case 2:
      return pick(rng, [
        { $gt: '' },
        { $ne: null },
        { $where: 'sleep(100)' },
        { $regex: '.*' },
        { $in: [30, 50] },
        { $exists: true },
        { $size: 2 },
        { $or: [{}] },
      ]);
    case 3:
      // 100 KB strings are rare (each one is real traffic) but always in the mix.
      return chance(rng, 0.25) ? 'x'.repeat(100 * 1024) : 'A'.repeat(pick(rng, [300, 5_000, 20_000]));
    case 4:
      return deep(pick(rng, [100, 1000]), pick(rng, [1, 'x', null]), chance(rng, 0.5));
    case 5:
      return pick(rng, PROTOTYPE_WORDS);
    case 6:
      return pick(rng, ['\u0000', 'NW2\u0000', 'a\u0000b', '\u0000'.repeat(50), '%00', 'London\u0000NW2, UK']);
    case 7:
      return pick(rng, ['NaN', 'Infinity', '-Infinity', '1e308', '-0', '0x1F', '1_000', '12abc', ' 30 ', '']);
    case 8:
      return pick(rng, [
        '\ud800',
        '\u202eevil',
        '🚚🚚🚚',
        '<script>alert(1)</script>',
        "' OR 1=1 --",
        '${7*7}',
        '../../etc/passwd',
        '\r\nX-Injected: 1',
      ]);
    case 9:
      return pick(rng, [
        '2026-02-30T25:61:00Z',
        'yesterday',
        '0000-00-00',
        '9999-12-31T23:59:59Z',
        '1970-01-01T00:00:00Z',
      ]);
    default:
      return JSON.parse(`{"${pick(rng, PROTOTYPE_WORDS)}": {"polluted": true, "$gt": ""}}`);
  }
}

/** Every path to a value inside a JSON value (objects and arrays), the root excluded. */
function paths(
  value: unknown,
  prefix: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  if (value === null || typeof value !== 'object' || out.length > 200) return out;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  for (const [k, v] of entries) {
    const p = [...prefix, k];
    out.push(p);
    paths(v, p, out);
  }
  return out;
}

/** A copy of `value` with the value at `path` replaced (or removed when `replacement` is undefined). */
function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  // A JSON round trip, not structuredClone: only JSON.parse keeps an own "__proto__" key as data.
  const copy = JSON.parse(JSON.stringify(value)) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (replacement === undefined) {
    if (Array.isArray(at)) at.splice(Number(last), 1);
    else delete at[last];
  } else {
    Object.defineProperty(at, last, { value: replacement, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** JSON texts JSON.stringify never writes: syntax errors, NaN, out-of-range numbers, odd encodings. */
function badJsonText(rng: Rng, valid: string): string | Uint8Array<ArrayBuffer> {
  switch (Math.floor(rng() * 14)) {
    case 0:
      return valid.slice(0, Math.max(1, Math.floor(valid.length * rng())));
    case 1:
      return `${valid}}`;
    case 2:
      return valid.replace(/"/g, "'");
    case 3:
      return '{"hour": NaN, "percentage": Infinity, "randomNumber": -Infinity}';
    case 4:
      return `{"hour": 1e400, "percentage": -1e400, "randomNumber": 1${'0'.repeat(400)}, "stair": 1e-400}`;
    case 5:
      return `\ufeff${valid}`;
    case 6:
      return '['.repeat(1000);
    case 7:
      return `${'['.repeat(1000)}${']'.repeat(1000)}`;
    case 8:
      return `${'{"a":'.repeat(1000)}{}${'}'.repeat(1000)}`;
    case 9:
      return '{"a":"\\ud800", "b": "\\u0000", "c": "\\x41"}';
    case 10:
      // Not UTF-8: a lone 0xff, 0xfe and a broken two-byte sequence inside a string.
      return new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]);
    case 11:
      return '{"a":1,"a":{"$gt":""},"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}';
    case 12:
      return '';
    default:
      return '\u0000\u0000\u0000';
  }
}

function templateBody(rng: Rng, route: ApiRoute, ctx: FuzzContext): unknown {
  const record = { _id: ctx.bookingId, randomNumber: ctx.randomNumber, percentage: 30 };
  switch (route.path) {
    case '/api/booking':
      return ctx.booking;
    case '/api/saveRetrieve':
      return { quote: ctx.quote, date: new Date().toISOString() };
    case '/api/paymentbooking':
      return { ...ctx.quote, percentage: 30 };
    case '/api/paymentbooking/success':
      return { session_id: ctx.checkoutRef };
    case '/api/paymentbooking/release':
      return { token: 'A'.repeat(43) };
    case '/api/savebooking':
    case '/api/savebooking/updatepaymentstatus':
      return chance(rng, 0.5) ? [record] : { record: [record], percentage: 50, paymentIntentId: 'pi_local_0' };
    case '/api/payments/webhook':
      return {
        id: 'evt_1',
        type: 'checkout.session.completed',
        data: { object: { id: ctx.checkoutRef, payment_status: 'paid' } },
      };
    case '/api/contact/sendemail':
      return {
        name: 'Fuzz Tester',
        email: 'fuzz@example.com',
        phone: '07700900123',
        title: 'Hello',
        message: 'A message',
        agree: true,
      };
    case '/api/account/register':
      return { name: 'fuzzer', password: 'pass-123456', password1: 'pass-123456', uniquecode: 'not-the-code' };
    case '/api/account/login':
      return { username: 'fuzzer', password: 'pass-1234' };
    case '/api/conversations/driver':
      return {
        driverId: 'drv-ali-hassan',
        name: 'Fuzz Tester',
        email: 'fuzz@example.com',
        about: { kind: 'quote', places: ['London NW2, UK'] },
        body: 'Hello',
      };
    case '/api/conversations/support':
      return { name: 'Fuzz Tester', page: '/booking', body: 'Hello' };
    case '/api/conversations/:id/email-confirmation':
      return { confirmation: 'v1.a.b.c' };
    case '/api/conversations/:id/messages':
    case '/api/driver-reply/:id/messages':
    case '/api/support/admin/conversations/:id/messages':
      return { body: 'Hello' };
    case '/api/reviews/link/:id':
      return { rating: 5, text: 'Great', driverRating: 4 };
    case '/api/backdata/amend/:id':
      return { hour: 4, date: ctx.booking.date, addresses: ctx.booking.addresses };
    default:
      return {};
  }
}

/** A JSON body: the route's real shape with one to three parts made hostile, or a wholly wrong value. */
function hostileBody(
  rng: Rng,
  route: ApiRoute,
  ctx: FuzzContext,
): { kind: string; body: string | Uint8Array<ArrayBuffer>; contentType: string; encoding?: string } {
  const template = templateBody(rng, route, ctx);
  const roll = rng();
  if (roll < 0.12)
    return { kind: 'bad-json', body: badJsonText(rng, JSON.stringify(template)), contentType: 'application/json' };
  if (roll < 0.2)
    return { kind: 'whole-body', body: JSON.stringify(hostileValue(rng)), contentType: 'application/json' };
  if (roll < 0.26) {
    const kind = pick(rng, ['form', 'text', 'charset', 'encoding', 'none'] as const);
    if (kind === 'form')
      return {
        kind: 'form-body',
        body: `name[$gt]=&__proto__[x]=1&constructor[prototype][y]=2&hour=NaN&${'a=1&'.repeat(50)}`,
        contentType: 'application/x-www-form-urlencoded',
      };
    if (kind === 'text') return { kind: 'text-body', body: JSON.stringify(template), contentType: 'text/plain' };
    if (kind === 'charset')
      return {
        kind: 'bad-charset',
        body: JSON.stringify(template),
        contentType: pick(rng, [
          'application/json; charset=utf-7',
          'application/json; charset=x-unknown',
          'application/json; charset=utf-16',
        ]),
      };
    if (kind === 'encoding')
      return {
        kind: 'bad-encoding',
        body: 'not really compressed',
        contentType: 'application/json',
        encoding: pick(rng, ['gzip', 'deflate', 'br', 'x-unknown']),
      };
    return { kind: 'no-content-type', body: JSON.stringify(template), contentType: '' };
  }
  let body = template;
  const mutations = 1 + Math.floor(rng() * 3);
  for (let i = 0; i < mutations; i++) {
    const all = paths(body);
    if (all.length === 0 || chance(rng, 0.2)) {
      // A new key in some object of the body: prototype names and operators where a merge, a lookup or a store might take them.
      const key = pick(rng, [...PROTOTYPE_WORDS, '$where', '$set', 'a.b', '']);
      const isObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
      const at = (p: (string | number)[]) =>
        p.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], body);
      const objects = [...(isObject(body) ? [[]] : []), ...all.filter((p) => isObject(at(p)))];
      body = objects.length ? setAt(body, [...pick(rng, objects), key], hostileValue(rng)) : hostileValue(rng);
      continue;
    }
    const path = pick(rng, all);
    body = setAt(body, path, chance(rng, 0.1) ? undefined : hostileValue(rng));
  }
  return { kind: 'mutated-body', body: JSON.stringify(body), contentType: 'application/json' };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Percent-encoding that also carries lone surrogates, as the invalid UTF-8 bytes a broken client would send. */
const enc = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\u0001')).replace(/%01/g, '%ED%A0%80');

/** One query parameter in one of qs's shapes: plain, repeated, bracketed operator, nested, prototype path. */
function hostileQueryPart(rng: Rng, key: string): string {
  const value = () => {
    const v = hostileValue(rng);
    const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
    // Node refuses request heads over 16 KB: keep most queries under that, a few over to hit that path too.
    return enc(text.length > 12_000 && !chance(rng, 0.1) ? text.slice(0, 2_000) : text);
  };
  switch (Math.floor(rng() * 9)) {
    case 0:
      return `${key}=${value()}`;
    case 1:
      return `${key}=${value()}&${key}=${value()}`;
    case 2:
      return `${key}[${pick(rng, ['$gt', '$ne', '$regex', '$where', '$in'])}]=${value()}`;
    case 3:
      return `${key}[]=${value()}&${key}[]=${value()}`;
    case 4:
      return `${key}${'[a]'.repeat(pick(rng, [5, 30]))}=1`;
    case 5:
      return `${pick(rng, PROTOTYPE_WORDS)}[polluted]=1&${key}[${pick(rng, PROTOTYPE_WORDS)}]=1`;
    case 6:
      return `${key}=${pick(rng, ['%00', '%E0%A4%A', '%', '%zz', '%ff%fe', '%C0%AF', 'NaN', '1e308', '-1e308', 'Infinity'])}`;
    case 7:
      return `${key}=${enc(pick(rng, PROTOTYPE_WORDS))}`;
    default:
      return `${key}[${'0'.repeat(3)}${pick(rng, ['99', '1000', '-1'])}]=x`;
  }
}

function hostileId(rng: Rng, ctx: FuzzContext): string {
  if (chance(rng, 0.5)) return pick(rng, HOSTILE_IDS);
  return pick(rng, [
    enc(ctx.bookingId),
    `${ctx.bookingId}%00`,
    enc(ctx.checkoutRef),
    `${ctx.checkoutRef}x`,
    `cs_local_${'f'.repeat(64)}`,
    `pi_local_${'0'.repeat(65)}`,
    String(ctx.randomNumber),
    '00000000-0000-0000-0000-000000000000',
    'a'.repeat(5_000),
    enc(JSON.stringify({ $gt: '' })),
    enc(pick(rng, PROTOTYPE_WORDS)),
    enc(ctx.outboxFile ?? 'mail.eml'),
    `${enc(ctx.outboxFile ?? 'mail.eml')}%0d%0aX-Injected:%201`,
    '..%2F..%2F..%2Fpackage.json',
    '.env',
    '%2e%2e',
  ]);
}

function authHeader(rng: Rng, ctx: FuzzContext): Record<string, string> {
  switch (Math.floor(rng() * 8)) {
    case 0:
    case 1:
    case 2:
      return { authorization: `Bearer ${ctx.token}` };
    case 3:
      return {};
    case 4:
      return { authorization: `Bearer ${ctx.token.slice(0, -3)}abc` };
    case 5:
      // alg "none" with the real claims: must be refused, never crash the verifier.
      return {
        authorization: `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${ctx.token.split('.')[1]}.`,
      };
    case 6:
      return {
        authorization: pick(rng, [
          'Bearer',
          'Bearer ',
          'Basic YWRtaW46YWRtaW4=',
          'Bearer a.b.c',
          `Bearer ${'x'.repeat(8_000)}`,
        ]),
      };
    default:
      return { authorization: `Bearer ${ctx.token}`, 'x-admin-username': pick(rng, ['mallory', '__proto__', '']) };
  }
}

/**
 * `count` malformed requests over every route, the same for the same seed: hostile bodies, query strings,
 * path ids and tokens, now and then a wrong method or an unknown path.
 */
export function generateHostileRequests(
  seed: number,
  count: number,
  ctx: FuzzContext,
  routes: readonly ApiRoute[] = API_ROUTES,
): FuzzRequest[] {
  const rng = seededRng(seed);
  const totalWeight = routes.reduce((sum, r) => sum + (r.weight ?? 1), 0);
  const pickRoute = () => {
    let left = rng() * totalWeight;
    return (
      routes.find((r) => {
        left -= r.weight ?? 1;
        return left < 0;
      }) ?? routes[routes.length - 1]!
    );
  };
  const out: FuzzRequest[] = [];
  for (let n = 0; n < count; n++) {
    const route = pickRoute();
    const headers: Record<string, string> = {};
    let kind = route.admin ? 'admin' : 'public';
    let method: string = route.method;
    let path = route.path.includes(':id') ? route.path.replace(':id', hostileId(rng, ctx)) : route.path;
    if (route.path.includes(':id')) kind += '/bad-id';

    if (route.admin) Object.assign(headers, authHeader(rng, ctx));
    else if (chance(rng, 0.05)) Object.assign(headers, authHeader(rng, ctx));

    if (chance(rng, 0.03)) {
      method = pick(rng, ['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']);
      kind += '/wrong-method';
    }
    if (chance(rng, 0.02)) {
      path = pick(rng, [
        `${path}x`,
        `${path}/${pick(rng, HOSTILE_IDS)}`,
        `/api/${pick(rng, PROTOTYPE_WORDS)}`,
        '/api/%E0%A4%A',
        `${path.toUpperCase()}`,
      ]);
      kind += '/odd-path';
    }

    const queryKeys = route.query ?? (chance(rng, 0.2) ? ['x'] : []);
    let query = '';
    if (queryKeys.length > 0) {
      const parts = queryKeys.filter(() => chance(rng, 0.7)).map((k) => hostileQueryPart(rng, k));
      if (parts.length === 0) parts.push(hostileQueryPart(rng, pick(rng, queryKeys)));
      query = `?${parts.join('&')}`;
      kind += '/query';
    }

    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (route.body && method !== 'GET' && method !== 'HEAD') {
      const b = hostileBody(rng, route, ctx);
      body = b.body;
      if (b.contentType) headers['content-type'] = b.contentType;
      if (b.encoding) headers['content-encoding'] = b.encoding;
      kind += `/${b.kind}`;
    }
    if (route.path === '/api/payments/webhook' && chance(rng, 0.7)) {
      headers['stripe-signature'] = pick(rng, [
        't=1,v1=abc',
        't=NaN,v1=',
        'garbage',
        `t=${Date.now()},v1=${'0'.repeat(64)}`,
        't=1e308,v1=x,v1=y',
        '',
      ]);
    }
    out.push({ kind, method, url: `${path}${query}`, headers, body });
  }
  return out;
}
