import { describe, expect, it } from 'vitest';
import type { VanLocationView } from '@vanhop/contracts';
import { LinkSigner } from '@vanhop/platform';
import { apiClient } from '../../../test/support/gateway-api.js';
import { driverAuth } from '../../../test/support/staff.js';
import { MyMoveLinks } from '../src/domain/my-move-link.js';
import { HOUR, LINK_SECRET, MOVE_AT, MOVE_DATE, useLifecycleServices } from './lifecycle-support.js';

/** The van on My move's map: read only through the booking's own signed link, and only while on the way. */
describe("GET /api/mymove/:token/van (booking asks quote for the van of the link's booking)", () => {
  const { clock, api, stored, bookAndPay, quoteUrl, settle } = useLifecycleServices();
  const quote = apiClient(() => quoteUrl());

  it("the customer's link reads their van with an ETA; another booking's link reads none; a forged link is 404; gone after arrival", async () => {
    const mine = await bookAndPay(30);
    const theirs = await bookAndPay(30, '2026-01-21T10:00:00.000Z');
    await settle();
    const driverId = (await stored(mine.id)).driver!.id;
    const driver = () => driverAuth(driverId, { clock });
    expect(
      (await quote('POST', `/api/driver/me/jobs/${mine.id}/accept`, undefined, { headers: driver() })).status,
    ).toBe(200);

    // Accepted but not on the way: nothing to show.
    expect((await api<VanLocationView>('GET', `${mine.path}/van`)).body).toMatchObject({ onTheWay: false, van: null });

    clock.set(MOVE_AT - HOUR);
    expect(
      (await quote('POST', `/api/driver/me/jobs/${mine.id}/progress`, { step: 'on-my-way' }, { headers: driver() }))
        .status,
    ).toBe(200);
    const position = { lat: 51.5567, lng: -0.2139, accuracyMetres: 10, at: clock.now().toISOString() };
    expect(
      (await quote('POST', `/api/driver/me/jobs/${mine.id}/position`, position, { headers: driver() })).status,
    ).toBe(204);

    const read = await api<VanLocationView>('GET', `${mine.path}/van`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ onTheWay: true, van: { lat: 51.5567, lng: -0.2139 } });
    expect(read.body.eta!.seconds).toBeGreaterThan(0);

    // Another customer's link is about their own booking, whose van is not on the way.
    expect((await api<VanLocationView>('GET', `${theirs.path}/van`)).body.van).toBeNull();
    // A link signed with another key naming this booking is refused like any unknown link.
    const forged = new MyMoveLinks(new LinkSigner(`${LINK_SECRET}-not-ours`, 'my-move')).pathFor({
      _id: mine.id,
      moveDate: MOVE_DATE,
      savedAt: MOVE_DATE,
    });
    expect((await api('GET', `/api${forged}/van`)).status).toBe(404);

    expect(
      (await quote('POST', `/api/driver/me/jobs/${mine.id}/progress`, { step: 'arrived' }, { headers: driver() }))
        .status,
    ).toBe(200);
    expect((await api<VanLocationView>('GET', `${mine.path}/van`)).body).toMatchObject({
      onTheWay: false,
      van: null,
      eta: null,
    });
  });
});
