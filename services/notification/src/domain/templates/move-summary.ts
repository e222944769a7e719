import type { BookingConfirmed } from '@vanhop/contracts';
import { HELP_LEVEL_OPTIONS, isVanSize, itemLineLabel, VAN_SPECS } from '@vanhop/contracts';
import { html, type SafeHtml } from '../html.js';
import { hoursLabel, moveDate, stairsLabel } from '../format.js';

type Move = BookingConfirmed['move'];

const addressRole = (i: number, count: number): string =>
  i === 0 ? 'Collection' : i === count - 1 ? 'Delivery' : count > 3 ? `Via stop ${i}` : 'Via stop';

const vanLabel = (van: string): string => (isVanSize(van) ? VAN_SPECS[van].title : van);
const helpLabel = (help: string): string => {
  const level = HELP_LEVEL_OPTIONS.find((h) => h.value === help);
  return level ? `${level.value} (${level.about})` : help;
};

interface Row {
  label: string;
  value: string;
}

/** The move as both the customer and the driver see it: when, where (with stairs), van, help, hours. */
function rows(move: Move): Row[] {
  const addresses = move.addresses.map((a, i, all) => ({
    label: addressRole(i, all.length),
    value: `${[a.physicalAddress, a.location].filter(Boolean).join(', ')} (${stairsLabel(a.stair)})`,
  }));
  return [
    { label: 'Date', value: moveDate(move.date) },
    ...addresses,
    { label: 'Van', value: vanLabel(move.typeofVan) },
    { label: 'Help', value: helpLabel(move.typeOfWorker) },
    { label: 'Booked time', value: hoursLabel(move.totalHour) },
    // One item per line (the cell keeps line breaks): what the driver should expect to carry.
    ...(move.items && move.items.length > 0
      ? [{ label: 'Items', value: move.items.map(itemLineLabel).join('\n') }]
      : []),
    ...(move.description ? [{ label: 'Description', value: move.description }] : []),
  ];
}

export const moveSummaryText = (move: Move): string =>
  rows(move)
    .map((r) => `${r.label}: ${r.value}`)
    .join('\n');

export const moveSummaryHtml = (move: Move): SafeHtml =>
  html`<table style="border-collapse:collapse;width:100%;font-size:14px">${rows(move).map(
    (r) =>
      html`<tr><th style="text-align:left;padding:4px 8px 4px 0;vertical-align:top;white-space:nowrap">${r.label}</th><td style="padding:4px 0;white-space:pre-wrap">${r.value}</td></tr>`,
  )}</table>`;
