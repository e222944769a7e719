/**
 * My move on the day: while the driver is on the way, the van and the pickup on the map with an
 * estimate of when it gets there, asked again about every 15 s. Only asked around the move's time;
 * nothing shows before "On my way" or after "Arrived" (the position is not kept then).
 */
import { useEffect, useState } from 'react';
import {
  PROGRESS_OPENS_BEFORE_START_MINUTES,
  VAN_LOCATION_MSG,
  VAN_LOCATION_REFRESH_MS,
  VAN_LOCATION_WINDOW_AFTER_START_MS,
  vanEtaText,
  type MyMoveView,
  type VanLocationView,
} from '@vanhop/contracts';
import { MapView } from '../../ui/map';
import { londonTime } from '../../lib/format';
import { getMyMoveVan } from './van-api';
import { viewOfBoth } from './van-map-view';
import './van-on-the-way.css';

/** Whether the van may be on its way now: a live booking with a driver, around the booked start. */
export function vanMayBeOnTheWay(view: Pick<MyMoveView, 'state' | 'driver' | 'move'>, now: Date): boolean {
  if (view.state !== 'active' || !view.driver) return false;
  const start = Date.parse(view.move.date);
  if (Number.isNaN(start)) return false;
  const t = now.getTime();
  return t >= start - PROGRESS_OPENS_BEFORE_START_MINUTES * 60_000 && t <= start + VAN_LOCATION_WINDOW_AFTER_START_MS;
}

export function VanOnTheWay({
  view,
  token,
  now = () => new Date(),
}: {
  view: MyMoveView;
  token: string;
  now?: () => Date;
}) {
  const watching = vanMayBeOnTheWay(view, now());
  const [where, setWhere] = useState<VanLocationView | null>(null);

  useEffect(() => {
    if (!watching) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        setWhere(await getMyMoveVan(token, abort.signal));
      } catch {
        // A missed answer keeps the last one on screen; the next try is in 15 s.
      }
      if (!abort.signal.aborted) timer = setTimeout(() => void ask(), VAN_LOCATION_REFRESH_MS);
    };
    void ask();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [token, watching]);

  if (!watching || !where?.onTheWay) return null;
  const driverName = view.driver?.name ?? 'Your driver';
  return (
    <section className="mymove-van" aria-labelledby="mymove-van-heading" data-testid="van-on-the-way">
      <h2 id="mymove-van-heading">Your van on the map</h2>
      {where.van ? (
        <>
          <p className="mymove-van-eta" aria-live="polite" data-testid="van-eta">
            {where.eta ? vanEtaText(where.eta.seconds) : `${driverName} is on the way.`}
            <span className="mymove-muted">
              {' '}
              · position at <time dateTime={where.van.at}>{londonTime(where.van.at)}</time>
            </span>
          </p>
          <MapView
            {...(where.pickup
              ? viewOfBoth(where.van, where.pickup)
              : { center: { lat: where.van.lat, lng: where.van.lng }, zoom: 13 })}
            height="300px"
            label={`Map: ${driverName}'s van${where.pickup ? ' and your pickup' : ''}`}
            interactive={false}
            points={[
              { kind: 'van', title: `${driverName}'s van`, at: { lat: where.van.lat, lng: where.van.lng } },
              ...(where.pickup
                ? [{ kind: 'pickup' as const, title: 'Pickup', at: { lat: where.pickup.lat, lng: where.pickup.lng } }]
                : []),
            ]}
          />
        </>
      ) : (
        <p className="mymove-muted" aria-live="polite">
          {VAN_LOCATION_MSG.waiting}
        </p>
      )}
    </section>
  );
}
