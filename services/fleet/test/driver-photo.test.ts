import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_MSG } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { HOUSE_CARD } from '@vanhop/contracts';
import { staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { NOW, startQuote } from './support.js';

const clock = fixedClock(NOW);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0x00,
  0x10,
  ...Buffer.from('JFIF\0'),
  0x01,
  0x01,
  0x00,
  0x00,
  0x01,
  0x00,
  0x01,
  0x00,
  0x00,
  0xff,
  0xd9,
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.from([0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]),
]);
const dataUrl = (type: string, bytes: Buffer | string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

describe('uploaded driver photos must be the image they say they are (quote /api/drivers/admin)', () => {
  let svc: Awaited<ReturnType<typeof startQuote>>;
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${svc.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...staffAuth('Sam_Admin', { clock }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer: any = await res.json();
    return { status: res.status, body: answer };
  };
  const newDriver = (photoUrl: string, name = 'Pat Photo') => ({
    name,
    email: `${name.replace(' ', '.')}@drivers.example`,
    phone: '07700900777',
    vanSizes: ['Large'],
    helpLevels: ['Driver-Help'],
    basePostcode: 'NW6',
    serviceRadiusMiles: 12,
    card: HOUSE_CARD,
    photoUrl,
  });

  beforeAll(async () => {
    svc = await startQuote(TEST_JWT_ENV);
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  it('refuses bytes that are not an image, or an image of another type than declared, with 400 naming the field', async () => {
    const forged = [
      dataUrl('image/png', '<html><script>alert(1)</script></html>'),
      dataUrl('image/jpeg', '%PDF-1.7 not a photo'),
      dataUrl('image/webp', 'RIFF....WAVEfmt '),
      dataUrl('image/png', JPEG),
      dataUrl('image/jpeg', PNG),
      dataUrl('image/webp', PNG),
    ];
    for (const photoUrl of forged) {
      const res = await api('POST', '/api/drivers/admin', newDriver(photoUrl));
      expect(res.status, photoUrl.slice(0, 40)).toBe(400);
      expect(res.body.errors).toEqual({ photoUrl: DRIVER_MSG.photoContent });
    }
    const driver = (await api('POST', '/api/drivers/admin', newDriver('https://images.example/pat.jpg', 'Pat Later')))
      .body;
    const patched = await api('PATCH', `/api/drivers/admin/${driver.id}`, { photoUrl: forged[0] });
    expect(patched.status).toBe(400);
    expect(patched.body.errors).toEqual({ photoUrl: DRIVER_MSG.photoContent });
    expect((await api('GET', `/api/drivers/admin/${driver.id}`)).body.photoUrl).toBe('https://images.example/pat.jpg');
  });

  it('takes PNG, JPEG and WebP images of their declared type and serves their bytes', async () => {
    for (const [type, bytes] of [
      ['image/png', PNG],
      ['image/jpeg', JPEG],
      ['image/webp', WEBP],
    ] as const) {
      const created = await api(
        'POST',
        '/api/drivers/admin',
        newDriver(dataUrl(type, bytes), `Pat ${type.slice(6).toUpperCase()}`),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const image = await fetch(`${svc.url}/api/driver-photos/${created.body.id}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await image.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });
});
