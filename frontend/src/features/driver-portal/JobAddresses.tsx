/**
 * The move's addresses on the job card, each a link to directions in a maps site (a new tab; on a
 * phone it hands over to the maps app) and to whatever navigation app the phone has (geo:). Only
 * links: no map tiles or scripts are loaded.
 */
import { directionsUrl, geoUri, mapDestination, type JobView } from '@vanhop/contracts';

const stairsText = (n: number) => (n > 0 ? `${n} flight${n === 1 ? '' : 's'} of stairs` : 'no stairs');

export function JobAddresses({ addresses }: { addresses: JobView['move']['addresses'] }) {
  return (
    <ol className="portal-addresses">
      {addresses.map((a, i) => {
        const text = `${a.location}${a.physicalAddress ? `, ${a.physicalAddress}` : ''}`;
        const destination = mapDestination(a);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the route's stops are in a fixed order and may repeat a place.
          <li key={i}>
            <a
              href={directionsUrl(destination)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="address-directions"
            >
              {text}
            </a>{' '}
            ({stairsText(a.stair)}){' '}
            <a href={geoUri(destination)} className="portal-geo-link" aria-label={`Open ${text} in a navigation app`}>
              Navigate
            </a>
          </li>
        );
      })}
    </ol>
  );
}
