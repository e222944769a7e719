/**
 * Builds borough-data.ts (the no-key map's approximate London boroughs). There is no open borough
 * boundary file in reach, so the outlines are derived from the repo's own tables: each area in
 * Wikipedia's "List of areas of London" (source-data/london-places-raw.csv, CC BY-SA 4.0) names its borough,
 * and services/quote/data/london-places.csv holds the same rows' WGS84 positions. Every point of the
 * map goes to the nearest area (a Voronoi diagram), the areas' cells are merged by borough, and the
 * outer edge is kept near London by postcode-district centres outside it and by a limit of
 * OUTER_REACH_KM around each area. Run again after the data changes:
 * `npx tsx frontend/src/maps/offline/generate-borough-data.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { boroughCells, type Site } from './borough-cells';
import { boroughTopology, type ArcRef } from './borough-topology';
import { parseCsv } from './csv';
import { labelSpots } from './label-spots';
import { packRings, type Ring } from './land';
import { simplifyLine } from './simplify';

const here = path.dirname(fileURLToPath(import.meta.url));
const quoteData = path.resolve(here, '../../../../services/quote/data');
const read = (file: string) => parseCsv(readFileSync(file, 'utf8'));

/** How far an area's cell may reach where no other area or outside place is nearer (the edge of Greater London). */
const OUTER_REACH_KM = 2.5;
/**
 * A postcode-district centre this far from every London area is taken to be outside London. Checked by hand
 * on the 2026 tables: every district centre inside London is within 1.8 km of a listed area (E4 Chingford and
 * HA4 Ruislip are the farthest), and the nearest ones outside that are 2 km or more away are SM7 Banstead and
 * KT8 West Molesey. A few outside centres nearer than 2 km (DA1 Dartford, KT7 Thames Ditton, IG9 Buckhurst
 * Hill) are not used, so they fall just inside the outline. Beyond twice OUTER_REACH_KM a centre changes nothing.
 */
const OUTSIDE_FROM_KM = 2;
/** Douglas–Peucker tolerance for the outlines (km): under a pixel at zoom 10, under two at zoom 13; nothing next to how approximate they are. */
const TOLERANCE_KM = 0.02;

/** A flat map in kilometres around London: fine for Voronoi cells a few kilometres across. */
const ORIGIN = { lat: 51.5, lng: -0.12 };
const KM_PER_DEG_LAT = 110.574;
const KM_PER_DEG_LNG = 111.32 * Math.cos((ORIGIN.lat * Math.PI) / 180);
const toKm = (lat: number, lng: number): [number, number] => [
  (lng - ORIGIN.lng) * KM_PER_DEG_LNG,
  (lat - ORIGIN.lat) * KM_PER_DEG_LAT,
];
const toLngLat = ([x, y]: [number, number]): [number, number] => [
  ORIGIN.lng + x / KM_PER_DEG_LNG,
  ORIGIN.lat + y / KM_PER_DEG_LAT,
];

/** The source's borough spellings, made into the boroughs' names (footnote marks removed). */
function boroughNames(cell: string): string[] {
  return cell
    .replace(/\[\d+\]/g, '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => (name === 'City' ? 'City of London' : name));
}

// The raw table and the cleaned one list the same areas in the same order (shared/data/SOURCES.md section 3);
// the cleaned names only add "(borough)" to repeated names and turn "Burroughs, The" round.
const [header = [], ...raw] = read(path.join(here, 'source-data/london-places-raw.csv'));
const boroughColumn = header[1] ?? '';
if (boroughColumn.replace(/\s/g, ' ') !== 'London borough') throw new Error(`unexpected column ${boroughColumn}`);
const cleaned = read(path.join(quoteData, 'london-places.csv')).slice(1);
if (raw.length !== cleaned.length) throw new Error(`${raw.length} raw areas but ${cleaned.length} cleaned ones`);
const areas = raw.map(([rawName = '', borough = ''], i) => {
  const [name = '', lat, lng] = cleaned[i] ?? [];
  const sameArea =
    name === rawName || name.startsWith(`${rawName} (`) || name === rawName.replace(/^(.*), The$/, 'The $1');
  if (!sameArea) throw new Error(`row ${i + 2}: ${rawName} is ${name} in the cleaned table`);
  return { name, boroughs: boroughNames(borough), at: toKm(Number(lat), Number(lng)) };
});

// Areas listed under several boroughs straddle a boundary, and so do the few pairs of areas in different boroughs
// that the source puts on the same grid square (Woolwich and North Woolwich): they would pull the boundary onto
// themselves, so they only count as London (below). Same-borough areas on one square make one site.
const boroughsAt = new Map<string, { at: [number, number]; boroughs: Set<string> }>();
for (const area of areas) {
  const key = area.at.map((v) => v.toFixed(3)).join();
  const entry = boroughsAt.get(key) ?? { at: area.at, boroughs: new Set<string>() };
  for (const borough of area.boroughs) entry.boroughs.add(borough);
  boroughsAt.set(key, entry);
}
const sites: Site[] = [...boroughsAt.values()]
  .filter(({ boroughs }) => boroughs.size === 1)
  .map(({ at, boroughs }) => ({ x: at[0], y: at[1], borough: [...boroughs][0] ?? null }));
const nearestArea = (p: [number, number]) => Math.min(...areas.map((a) => Math.hypot(a.at[0] - p[0], a.at[1] - p[1])));
let outside = 0;
for (const [, lat, lng] of read(path.join(quoteData, 'uk-outcodes.csv')).slice(1)) {
  const at = toKm(Number(lat), Number(lng));
  const distance = nearestArea(at);
  if (distance < OUTSIDE_FROM_KM || distance > 2 * OUTER_REACH_KM) continue;
  sites.push({ x: at[0], y: at[1], borough: null });
  outside++;
}

const topology = boroughTopology(boroughCells(sites, OUTER_REACH_KM));
const arcs = topology.arcs.map((arc) => {
  // A closed arc (it starts and ends on the same vertex object) is simplified in two halves so that it cannot collapse to a line.
  if (arc.points[0] !== arc.points[arc.points.length - 1] || arc.points.length < 4)
    return simplifyLine(arc.points, TOLERANCE_KM);
  const half = Math.floor(arc.points.length / 2);
  return [
    ...simplifyLine(arc.points.slice(0, half + 1), TOLERANCE_KM),
    ...simplifyLine(arc.points.slice(half), TOLERANCE_KM).slice(1),
  ];
});

const boroughs = [...topology.rings.keys()].sort((a, b) => a.localeCompare(b));
if (boroughs.length !== 33)
  throw new Error(`expected the City and 32 boroughs, got ${boroughs.length}: ${boroughs.join(', ')}`);

const ringPoints = (refs: ArcRef[]): Ring =>
  refs.flatMap(({ arc, reversed }) => {
    // Every ArcRef indexes topology.arcs, which `arcs` maps one to one.
    const points = arcs[arc]!;
    return (reversed ? [...points].reverse() : points).slice(1);
  });
const records = boroughs.map((name) => {
  const refs = topology.rings.get(name)!;
  const rings = refs.map(ringPoints);
  const ys = rings.flat().map(([, y]) => y);
  const xs = rings.flat().map(([x]) => x);
  // The label goes on the widest stretch 600 m tall inside the borough.
  const [spot] = labelSpots(
    rings,
    { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) },
    0.6,
    0.1,
  );
  if (!spot) throw new Error(`${name}: no room for a label`);
  const [lng, lat] = toLngLat([spot.x, spot.y]);
  const ringText = refs
    .map((ring) => ring.map(({ arc, reversed }) => `${reversed ? '~' : ''}${arc}`).join(','))
    .join(' ');
  return `${name}|${lat.toFixed(4)}|${lng.toFixed(4)}|${ringText}`;
});

const packedArcs = packRings(arcs.map((points) => points.map(toLngLat)));
const packedBoroughs = records.join(';');
writeFileSync(
  path.join(here, 'borough-data.ts'),
  `// Generated by generate-borough-data.ts: do not edit by hand. Approximate London borough areas, derived from
// Wikipedia contributors, "List of areas of London" (CC BY-SA 4.0; this derived data is shared alike), with
// positions from services/quote/data (see its ATTRIBUTION.md). Not real boundaries: see ATTRIBUTION.md.
// BOROUGH_ARCS: boundary lines packed as in land-data.ts (land.ts, packRings); each stretch is stored once.
// BOROUGHS: "name|label lat|label lng|rings" records joined by ";"; rings are joined by " ", each a list of
// arc indexes joined by ",", "~" meaning the arc is followed backwards.
export const BOROUGH_ARCS = ${JSON.stringify(packedArcs)};
export const BOROUGHS = ${JSON.stringify(packedBoroughs)};
`,
);
console.log(
  `boroughs: ${boroughs.length} from ${sites.length - outside} areas and ${outside} outside district centres; ` +
    `${arcs.length} arcs, ${arcs.reduce((s, a) => s + a.length, 0)} points, ${packedArcs.length + packedBoroughs.length} characters`,
);
