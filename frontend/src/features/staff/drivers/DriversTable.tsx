/**
 * The staff list of drivers: a data table (row header = the driver) whose cells are stacked into one
 * card per driver on a phone by drivers-list.css, so no column has to be scrolled to.
 */
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { standingBadge, type DriverAdminView, type DriverDocumentsView, type DriverRatings } from '@vanhop/contracts';
import { Badge } from '../../../ui';
import { baseLine, emailParts, HELP_SHORT, phoneLine, ratingOf } from './driver-summary';
import { initials } from '../../../lib/format';
import './drivers-list.css';
import { adminDriverPath } from '../../../lib/area-paths';

function DriverPhoto({ driver }: { driver: DriverAdminView }) {
  return driver.photoUrl ? (
    <img className="driver-avatar" src={driver.photoUrl} alt={driver.name} width={40} height={40} loading="lazy" />
  ) : (
    <span className="driver-avatar driver-initials" role="img" aria-label={`No photo of ${driver.name}`}>
      <span aria-hidden="true">{initials(driver.name)}</span>
    </span>
  );
}

/** A line may break only after the @ (<wbr>), so an address never splits inside a name. */
function Email({ email }: { email: string }) {
  return (
    <span className="driver-email">
      {emailParts(email).map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one e-mail address, in order, may repeat.
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** Short chips; the full name is the tooltip and what a screen reader reads. */
function Chips({ items, short }: { items: readonly string[]; short?: Record<string, string> }) {
  return (
    <ul className="driver-chips">
      {items.map((item) => (
        <li key={item}>
          {short && short[item] !== item ? (
            <Badge title={item}>
              <span aria-hidden="true">{short[item]}</span>
              <span className="visually-hidden">{item}</span>
            </Badge>
          ) : (
            <Badge>{item}</Badge>
          )}
        </li>
      ))}
    </ul>
  );
}

function Rating({ driver, own }: { driver: DriverAdminView; own?: { rating: number; count: number } }) {
  const rating = ratingOf(driver, own);
  if (!rating) return <span className="admin-muted">No reviews</span>;
  return (
    <>
      <span className="driver-rating" aria-hidden="true" data-testid="driver-rating">
        {rating.score} <span className="driver-star">★</span>{' '}
        <span className="driver-rating-count">{rating.count}</span>
      </span>
      <span className="visually-hidden">{rating.words}</span>
    </>
  );
}

export function DriversTable({
  drivers,
  accountOf,
  ownRatings = {},
  documentsOf = () => undefined,
}: {
  drivers: DriverAdminView[];
  accountOf: (id: string) => string;
  ownRatings?: DriverRatings;
  /** The driver's documents standing: an expired or expiring insurance or licence is badged beside the status. */
  documentsOf?: (id: string) => DriverDocumentsView | undefined;
}) {
  return (
    <div className="drivers-list">
      <table className="drivers-list-table">
        <caption className="visually-hidden">All drivers</caption>
        <colgroup>
          {['photo', 'who', 'vans', 'help', 'base', 'rating', 'status', 'account', 'edit'].map((col) => (
            <col key={col} className={`driver-col-${col}`} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Photo</span>
            </th>
            <th scope="col">Driver</th>
            <th scope="col">Vans</th>
            <th scope="col">Help levels</th>
            <th scope="col">Base</th>
            <th scope="col">Rating</th>
            <th scope="col">Status</th>
            <th scope="col">Portal account</th>
            <th scope="col">
              <span className="visually-hidden">Edit</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {drivers.map((d) => {
            const account = accountOf(d.id);
            const docs = documentsOf(d.id);
            const docBadge = docs ? standingBadge(docs) : null;
            return (
              <tr key={d.id} data-testid="driver-row" className={d.active ? undefined : 'is-suspended'}>
                <td className="driver-cell-photo">
                  <DriverPhoto driver={d} />
                </td>
                <th scope="row" className="driver-cell-who">
                  <span className="driver-name">{d.name}</span>
                  <span className="driver-contact">
                    <Email email={d.email} />
                    <span className="driver-phone">{phoneLine(d.phone)}</span>
                  </span>
                </th>
                <td className="driver-cell-vans" data-label="Vans">
                  <Chips items={d.vanSizes} />
                </td>
                <td className="driver-cell-help" data-label="Help levels">
                  <Chips items={d.helpLevels} short={HELP_SHORT} />
                </td>
                <td className="driver-cell-base" data-label="Base">
                  {baseLine(d)}
                </td>
                <td className="driver-cell-rating" data-label="Rating">
                  <Rating own={ownRatings[d.id]} driver={d} />
                </td>
                <td className="driver-cell-status">
                  <Badge tone={d.active ? 'success' : 'danger'}>{d.active ? 'Active' : 'Suspended'}</Badge>
                  {docBadge && (
                    <Badge tone={docBadge.tone} className="driver-doc-badge" data-testid="document-badge">
                      {docBadge.label}
                    </Badge>
                  )}
                </td>
                <td className="driver-cell-account" data-label="Portal account" data-testid="account-status">
                  <span className={`driver-account driver-account--${account === '…' ? 'loading' : account}`}>
                    {account}
                  </span>
                </td>
                <td className="driver-cell-edit">
                  <Link
                    className="btn btn--secondary btn--sm driver-edit"
                    to={adminDriverPath(d.id)}
                    aria-label={`Edit ${d.name}`}
                  >
                    Edit
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
