import { describe, expect, it } from 'vitest';
import { LinkSigner, redactLinkTokens } from '../src/index.js';

const SECRET = 'link-secret-for-tests-0123456789-abcdefghij';
const NOW = new Date('2026-03-01T10:00:00.000Z');
const LATER = new Date('2026-04-01T10:00:00.000Z');
const signer = new LinkSigner(SECRET, 'my-move');
const token = () => signer.sign({ subject: '6f1c2a4e-1d2b-4c3d-9e8f-0a1b2c3d4e5f', expiresAt: LATER });

/** The token with one character of part `index` replaced by another valid base64url character. */
function tamper(t: string, index: number): string {
  const parts = t.split('.');
  const p = parts[index]!;
  const i = Math.floor(p.length / 2);
  parts[index] = p.slice(0, i) + (p[i] === 'A' ? 'B' : 'A') + p.slice(i + 1);
  return parts.join('.');
}

describe('LinkSigner (signed, expiring links)', () => {
  it('gives back the subject of a token it signed, until it expires', () => {
    const t = token();
    expect(t).toMatch(/^v1\.[A-Za-z0-9_-]+\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expect(signer.verify(t, NOW)).toBe('6f1c2a4e-1d2b-4c3d-9e8f-0a1b2c3d4e5f');
    expect(signer.verify(t, new Date(LATER.getTime() - 1000))).toBe('6f1c2a4e-1d2b-4c3d-9e8f-0a1b2c3d4e5f');
  });

  it('refuses an expired token, at and after the expiry', () => {
    const t = token();
    expect(signer.verify(t, LATER)).toBeNull();
    expect(signer.verify(t, new Date(LATER.getTime() + 86_400_000))).toBeNull();
  });

  it('refuses a token with any part changed', () => {
    const t = token();
    for (const part of [1, 2, 3]) expect(signer.verify(tamper(t, part), NOW), `part ${part}`).toBeNull();
    // A later expiry or another subject with the original MAC.
    const [v, , exp, mac] = t.split('.');
    const otherSubject = Buffer.from('another-booking').toString('base64url');
    expect(signer.verify(`${v}.${otherSubject}.${exp}.${mac}`, NOW)).toBeNull();
    expect(signer.verify(t.replace(`.${exp}.`, `.${(parseInt(exp!, 36) + 86_400).toString(36)}.`), NOW)).toBeNull();
    expect(signer.verify(t.replace(/^v1\./, 'v2.'), NOW)).toBeNull();
  });

  it('refuses tokens signed with another secret or for another purpose', () => {
    const t = token();
    expect(new LinkSigner(`${SECRET}-other`, 'my-move').verify(t, NOW)).toBeNull();
    expect(new LinkSigner(SECRET, 'receipt').verify(t, NOW)).toBeNull();
  });

  it('answers null, never throws, for junk', () => {
    for (const junk of [
      undefined,
      null,
      42,
      {},
      '',
      '.',
      'v1...',
      'v1.a.b.c',
      'v1.YQ.zz.!!!',
      `v1.${'a'.repeat(600)}.1.a`,
      'v1.YQ.-1.aaaaaaaaaaaaaaaaaaaaaa',
      `${token()}.x`,
    ]) {
      expect(signer.verify(junk, NOW)).toBeNull();
    }
  });

  it('needs a long secret and a valid expiry', () => {
    expect(() => new LinkSigner('too-short', 'my-move')).toThrow(/at least 32/);
    expect(() => signer.sign({ subject: 'x', expiresAt: new Date('nope') })).toThrow();
    expect(() => signer.sign({ subject: '', expiresAt: LATER })).toThrow();
  });

  it('is not derived from anything but the secret: two subjects give unrelated MACs', () => {
    const a = signer.sign({ subject: 'booking-1', expiresAt: LATER }).split('.')[3];
    const b = signer.sign({ subject: 'booking-2', expiresAt: LATER }).split('.')[3];
    expect(a).not.toBe(b);
  });
});

describe('redactLinkTokens (request logs)', () => {
  it('masks every token in a path, leaves everything else', () => {
    const t = token();
    expect(redactLinkTokens(`/api/mymove/${t}/cancel`)).toBe('/api/mymove/v1.[redacted]/cancel');
    expect(redactLinkTokens(`/a/${t}?x=${t}`)).toBe('/a/v1.[redacted]?x=v1.[redacted]');
    expect(redactLinkTokens('/api/saveRetrieve?randomNumber=42')).toBe('/api/saveRetrieve?randomNumber=42');
  });
});
