import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  BUSINESS_DRIVERS_SHOWN,
  formatPence,
  MSG,
  type BusinessFigures,
  type DriverAvailableHours,
  penceToPounds,
} from '@vanhop/contracts';
import { isUnauthorized } from './api';
import { fetchBusinessFigures, fetchDriverAvailableHours } from './business-figures-api';
import { useAdminSession } from './session';
import { useResource } from '../../../lib';
import './BusinessPanel.css';

/** 2026-11-26 → 26 Nov: short enough for 30 ticks on a phone. */
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const hoursText = (h: number) => `${Math.round(h * 100) / 100} h`;

/** `available` null: no hours set (offered at any time); undefined: fleet's answer not (yet) there. */
interface DriverRow {
  driverId: string;
  name: string;
  booked: number;
  available: number | null | undefined;
}

/** Booked hours from the figures, available hours from the drivers' own hours; every driver of either. */
function driverRows(figures: BusinessFigures, hours: DriverAvailableHours | null): DriverRow[] {
  const rows = new Map<string, DriverRow>();
  // A small fleet charts every driver; a large one only the busiest the figures name.
  const everyone = (hours?.drivers.length ?? 0) <= BUSINESS_DRIVERS_SHOWN;
  const charted = new Set(figures.drivers.map((d) => d.driverId));
  for (const d of hours?.drivers ?? [])
    if (everyone || charted.has(d.driverId))
      rows.set(d.driverId, { driverId: d.driverId, name: d.name, booked: 0, available: d.availableHours });
  for (const d of figures.drivers) {
    const row = rows.get(d.driverId);
    if (row) row.booked = d.bookedHours;
    else if (d.bookedHours > 0)
      rows.set(d.driverId, { driverId: d.driverId, name: d.name, booked: d.bookedHours, available: undefined });
  }
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** One row of a chart's table: its heading cell (the day or the driver) and the figures. */
interface TableRow {
  key: string;
  heading: string;
  cells: ReactNode[];
  driverId?: string;
}

/**
 * A chart with its caption and the same figures as a table for screen readers (the drawing is
 * hidden from them): `columns` names the heading column first, then one per figure.
 */
function ChartFigure({
  id,
  caption,
  columns,
  rows,
  children,
}: {
  id: string;
  caption: string;
  columns: string[];
  rows: TableRow[];
  children: ReactNode;
}) {
  return (
    <figure className="business-chart" aria-labelledby={`${id}-caption`} data-testid={id}>
      <figcaption id={`${id}-caption`}>{caption}</figcaption>
      <div className="business-chart-drawing" aria-hidden="true">
        {children}
      </div>
      <table className="visually-hidden">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-driver-id={r.driverId}>
              <th scope="row">{r.heading}</th>
              {r.cells.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, fixed in number and order
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

const axisTick = { fill: 'var(--muted)', fontSize: 11 };
const tooltipStyle = { background: 'var(--surface-raised)', border: '1px solid var(--border)', color: 'var(--text)' };

/** The staff dashboard's middle panel: the business at a glance, from admin-auth's event-fed figures. */
/** Why a job waits for a driver, in words that say what happened (a suspended driver gave nothing back). */
export function waitingWhy(j: { driverName: string; because?: string }): string {
  switch (j.because) {
    case 'declined':
      return `${j.driverName} declined it`;
    case 'expired':
      return `${j.driverName} did not answer in time`;
    case 'suspended':
      return `${j.driverName} was suspended`;
    case 'not-free':
      return `${j.driverName} is booked for another move then`;
    default:
      return `${j.driverName} gave it back`;
  }
}

/**
 * The chart's bars: a driver who set no hours works at any time, which a bar of 0 h would hide, so
 * their name says so.
 */
export const chartRows = (drivers: { name: string; booked: number; available: number | null | undefined }[]) =>
  drivers.map((d) => ({
    name: d.available === null ? `${d.name} (any time)` : d.name,
    booked: d.booked,
    available: d.available ?? 0,
  }));

export function BusinessPanel() {
  const { token, guard } = useAdminSession();
  const read = useResource(token ? () => guard(fetchBusinessFigures(token)) : null, [token, guard]);
  const figures = read.data ?? null;
  const from = figures?.driverWindow.from;
  // The available side is a second owner's answer: the chart still shows booked hours without it.
  const hours =
    useResource(token && from ? () => guard(fetchDriverAvailableHours(token, from)).catch(() => null) : null, [
      token,
      guard,
      from,
    ]).data ?? null;
  // Without figures the panel says what the old dashboard always said.
  const error = read.error !== undefined && !isUnauthorized(read.error) ? MSG.admin.maintenance : null;

  if (!figures) {
    return (
      <section className="admin-card business-panel" aria-labelledby="business-panel-title" aria-busy={!error}>
        <h2 id="business-panel-title">Dashboard</h2>
        {error ? <p role="alert">{error}</p> : <p>Loading figures…</p>}
      </section>
    );
  }

  return (
    <section className="admin-card business-panel" aria-labelledby="business-panel-title" data-testid="business-panel">
      <h2 id="business-panel-title">Dashboard</h2>

      <BusinessStats figures={figures} />

      <BookingsChart figures={figures} />

      <MoneyChart figures={figures} />

      <DriversChart figures={figures} hours={hours} />

      {figures.jobsWaiting.length > 0 && <JobsWaiting jobs={figures.jobsWaiting} />}
    </section>
  );
}

/** The figures' sum over the 30 days. */
const totalOf = (
  figures: BusinessFigures,
  k: 'bookings' | 'revenuePence' | 'depositsPence' | 'balancesPence' | 'refundsPence' | 'quotesPriced',
) => figures.days.reduce((n, d) => n + d[k], 0);

/** The days as the charts plot them: pounds, with a short label. */
const chartDays = (figures: BusinessFigures) =>
  figures.days.map((d) => ({
    ...d,
    label: shortDay(d.day),
    revenue: penceToPounds(d.revenuePence),
    deposits: penceToPounds(d.depositsPence),
    balances: penceToPounds(d.balancesPence),
    refunds: penceToPounds(d.refundsPence),
  }));

function BusinessStats({ figures }: { figures: BusinessFigures }) {
  const total = (k: Parameters<typeof totalOf>[1]) => totalOf(figures, k);
  // Taken: money received (first payments and balances); net: taken less refunds, which can be below zero.
  const taken = total('depositsPence') + total('balancesPence');
  const refunded = total('refundsPence');
  const net = taken - refunded;
  return (
    <dl className="business-stats">
      <div>
        <dt>Bookings, 30 days</dt>
        <dd data-testid="business-bookings">{total('bookings')}</dd>
      </div>
      <div>
        <dt>Booked, 30 days</dt>
        <dd data-testid="business-revenue">{formatPence(total('revenuePence'))}</dd>
        <dd className="business-stat-note">Bookings made in the 30 days, at their price now</dd>
      </div>
      <div>
        <dt>Taken, 30 days</dt>
        <dd data-testid="business-taken">{formatPence(taken)}</dd>
      </div>
      <div>
        <dt>Refunded, 30 days</dt>
        <dd data-testid="business-refunded">{formatPence(refunded)}</dd>
      </div>
      <div>
        <dt>Net, 30 days</dt>
        <dd data-testid="business-net">{net < 0 ? `-${formatPence(-net)}` : formatPence(net)}</dd>
      </div>
      <div>
        <dt>Quote to booking</dt>
        <dd data-testid="business-conversion">
          {figures.conversionPercent === null ? 'No quotes yet' : `${figures.conversionPercent}%`}
        </dd>
        <dd className="business-stat-note" data-testid="business-conversion-detail">
          {total('bookings')} of {total('quotesPriced')} quotes
        </dd>
      </div>
      <div>
        <dt>Jobs waiting for a driver</dt>
        <dd data-testid="business-jobs-waiting">{figures.jobsWaiting.length}</dd>
      </div>
      <div>
        <dt>Open support chats</dt>
        <dd data-testid="business-open-chats">{figures.openSupportChats}</dd>
      </div>
    </dl>
  );
}

function BookingsChart({ figures }: { figures: BusinessFigures }) {
  return (
    <ChartFigure
      id="business-bookings-chart"
      caption="Bookings and revenue per day, last 30 days"
      columns={['Day', 'Bookings', 'Revenue']}
      rows={figures.days.map((d) => ({
        key: d.day,
        heading: d.day,
        cells: [d.bookings, formatPence(d.revenuePence)],
      }))}
    >
      <ResponsiveContainer width="100%" height={220}>
        <ComposedChart
          accessibilityLayer={false}
          data={chartDays(figures)}
          margin={{ top: 8, right: 4, bottom: 0, left: -16 }}
        >
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={axisTick} interval="preserveStartEnd" minTickGap={16} />
          <YAxis yAxisId="bookings" allowDecimals={false} tick={axisTick} />
          <YAxis yAxisId="revenue" orientation="right" tick={axisTick} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend wrapperStyle={{ color: 'var(--text)', fontSize: 12 }} />
          <Bar yAxisId="bookings" dataKey="bookings" name="Bookings" fill="var(--accent)" isAnimationActive={false} />
          <Line
            yAxisId="revenue"
            dataKey="revenue"
            name="Revenue (£)"
            stroke="var(--info-text)"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

function MoneyChart({ figures }: { figures: BusinessFigures }) {
  const total = (k: Parameters<typeof totalOf>[1]) => totalOf(figures, k);
  return (
    <ChartFigure
      id="business-money-chart"
      caption={`Money taken, last 30 days: deposits ${formatPence(total('depositsPence'))}, balances ${formatPence(total('balancesPence'))}, refunds ${formatPence(total('refundsPence'))}`}
      columns={['Day', 'Deposits', 'Balances', 'Refunds']}
      rows={figures.days.map((d) => ({
        key: d.day,
        heading: d.day,
        cells: [formatPence(d.depositsPence), formatPence(d.balancesPence), formatPence(d.refundsPence)],
      }))}
    >
      <ResponsiveContainer width="100%" height={200}>
        <BarChart
          accessibilityLayer={false}
          data={chartDays(figures)}
          margin={{ top: 8, right: 4, bottom: 0, left: -16 }}
        >
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={axisTick} interval="preserveStartEnd" minTickGap={16} />
          <YAxis tick={axisTick} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend wrapperStyle={{ color: 'var(--text)', fontSize: 12 }} />
          <Bar dataKey="deposits" name="Deposits (£)" fill="var(--accent)" isAnimationActive={false} />
          <Bar dataKey="balances" name="Balances (£)" fill="var(--info-text)" isAnimationActive={false} />
          <Bar dataKey="refunds" name="Refunds (£)" fill="var(--muted)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

function DriversChart({ figures, hours }: { figures: BusinessFigures; hours: DriverAvailableHours | null }) {
  const drivers = driverRows(figures, hours);
  const driverData = chartRows(drivers);
  return (
    <ChartFigure
      id="business-drivers-chart"
      caption={`Drivers' booked hours against their hours, ${figures.driverWindow.from} to ${figures.driverWindow.to}${
        (figures.driversBooked ?? 0) > figures.drivers.length
          ? ` (the ${figures.drivers.length} busiest of ${figures.driversBooked} drivers with work booked)`
          : ''
      }`}
      columns={['Driver', 'Booked', 'Available']}
      rows={drivers.map((d) => ({
        key: d.driverId,
        heading: d.name,
        driverId: d.driverId,
        cells: [
          hoursText(d.booked),
          d.available === undefined ? 'Not known' : d.available === null ? 'Any time' : hoursText(d.available),
        ],
      }))}
    >
      {drivers.length === 0 ? (
        <p>No drivers yet.</p>
      ) : (
        <ResponsiveContainer width="100%" height={Math.max(120, drivers.length * 34 + 50)}>
          <BarChart
            accessibilityLayer={false}
            data={driverData}
            layout="vertical"
            margin={{ top: 4, right: 8, bottom: 0, left: 0 }}
          >
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tick={axisTick} />
            <YAxis type="category" dataKey="name" width={96} tick={axisTick} />
            <Tooltip contentStyle={tooltipStyle} />
            <Legend wrapperStyle={{ color: 'var(--text)', fontSize: 12 }} />
            <Bar dataKey="booked" name="Booked (h)" fill="var(--accent)" isAnimationActive={false} />
            <Bar
              dataKey="available"
              name="Available (h; none: any time)"
              fill="var(--border-strong)"
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartFigure>
  );
}

function JobsWaiting({ jobs }: { jobs: BusinessFigures['jobsWaiting'] }) {
  return (
    <div className="business-waiting">
      <h3>Jobs waiting for a driver</h3>
      <ul data-testid="business-jobs-waiting-list">
        {jobs.map((j) => (
          <li key={j.bookingId}>
            #{j.randomNumber}: {waitingWhy(j)} ({shortDay(j.since.slice(0, 10))})
          </li>
        ))}
      </ul>
    </div>
  );
}
