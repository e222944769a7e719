import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { vanEtaText, vanPositionSchema } from './van-location.js';

describe('the van’s position on the wire', () => {
  const good = { lat: 51.55, lng: -0.21, accuracyMetres: 12, at: '2026-01-16T09:00:00.000Z' };

  it('takes a position with its accuracy and time', async () => {
    await expect(vanPositionSchema.validate(good)).resolves.toMatchObject(good);
  });

  it.each([
    [{ ...good, lat: 90.1 }, 'lat'],
    [{ ...good, lng: 180.5 }, 'lng'],
    [{ ...good, accuracyMetres: -3 }, 'accuracyMetres'],
    [{ ...good, at: 'soon' }, 'at'],
    [{ lng: 0, accuracyMetres: 1, at: good.at }, 'lat'],
  ])('refuses %j naming %s', async (body, field) => {
    const err = await vanPositionSchema.validate(body, { abortEarly: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).inner.map((e) => e.path)).toEqual([field]);
  });

  it('says the ETA in minutes, or arriving now', () => {
    expect(vanEtaText(20)).toBe('Arriving now');
    expect(vanEtaText(60)).toBe('About 1 minute away');
    expect(vanEtaText(420)).toBe('About 7 minutes away');
    expect(vanEtaText(2 * 3600 + 5 * 60)).toBe('About 2 h 5 min away');
  });
});
