/**
 * While the driver is on the way, the phone shares where it is so the customer sees the van on
 * My move's map. The reason is on screen before the browser asks; sharing stops when the card
 * leaves "On my way" (arrived, done, cancelled: this component is unmounted) and a refusal only
 * says so: the day's steps work the same without it.
 */
import { useEffect, useRef, useState } from 'react';
import { VAN_LOCATION_MSG, VAN_POSITION_SEND_EVERY_MS } from '@vanhop/contracts';
import { PortalApiError } from './api';
import { useDriverSession } from './session';
import { sendVanPosition } from './van-position-api';
import './van-share.css';

type Sharing = 'asking' | 'sharing' | 'denied' | 'unavailable' | 'stopped';

export function VanLocationShare({ bookingId }: { bookingId: string }) {
  const { token, guard } = useDriverSession();
  const [state, setState] = useState<Sharing>('asking');
  const lastSent = useRef(0);
  // The latest session in a ref: a refreshed token must not restart the browser's watch.
  const session = useRef({ token, guard });
  session.current = { token, guard };

  useEffect(() => {
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) {
      setState('unavailable');
      return;
    }
    let stopped = false;
    const watch = geo.watchPosition(
      (p) => {
        if (stopped) return;
        setState('sharing');
        const now = Date.now();
        const { token: current, guard: guarded } = session.current;
        if (!current || now - lastSent.current < VAN_POSITION_SEND_EVERY_MS) return;
        lastSent.current = now;
        guarded(
          sendVanPosition(current, bookingId, {
            lat: p.coords.latitude,
            lng: p.coords.longitude,
            accuracyMetres: Math.max(0, Math.round(p.coords.accuracy ?? 0)),
            at: new Date(p.timestamp || now).toISOString(),
          }),
        ).catch((err: unknown) => {
          // The job moved on meanwhile (arrived on another device, cancelled): nothing more to share.
          if (err instanceof PortalApiError && (err.status === 409 || err.status === 404)) {
            stopped = true;
            geo.clearWatch(watch);
            setState('stopped');
          }
        });
      },
      (err) => {
        if (stopped) return;
        setState(err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 },
    );
    return () => {
      stopped = true;
      geo.clearWatch(watch);
    };
  }, [bookingId]);

  if (state === 'stopped') return null;
  return (
    <div className="portal-van-share" data-testid="van-share" data-state={state}>
      <p className="portal-muted">{VAN_LOCATION_MSG.reason}</p>
      {state === 'sharing' && (
        <p className="portal-van-share-on" role="status">
          <span aria-hidden="true">● </span>
          {VAN_LOCATION_MSG.sharing}
        </p>
      )}
      {(state === 'denied' || state === 'unavailable') && (
        <p className="portal-van-share-off" role="status">
          {state === 'denied' ? VAN_LOCATION_MSG.denied : VAN_LOCATION_MSG.unavailable}
        </p>
      )}
    </div>
  );
}
