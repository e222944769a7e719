import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface OutcodeRow {
  outcode: string;
  lat: number;
  lng: number;
  town: string;
}
export interface PlaceRow {
  name: string;
  lat: number;
  lng: number;
}

export interface GeoTable {
  outcodes: OutcodeRow[];
  /** London areas first, then TfL and rail stations: earlier entries win a name clash. */
  places: PlaceRow[];
}

const MARKER = 'uk-outcodes.csv';

/**
 * Finds `services/quote/data` from wherever the code runs: the source tree (tests), the service
 * bundle (`services/quote/dist/main.js`) or the embedded bundle (`dist/embedded.js` at the root).
 */
export function locateGeoDataDir(
  starts: string[] = [path.dirname(fileURLToPath(import.meta.url)), process.cwd()],
): string {
  for (const start of starts) {
    let dir = path.resolve(start);
    for (;;) {
      const candidates = [path.join(dir, 'services', 'quote', 'data')];
      if (path.basename(dir) === 'quote') candidates.unshift(path.join(dir, 'data'));
      const found = candidates.find((c) => existsSync(path.join(c, MARKER)));
      if (found) return found;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  throw new Error(`Cannot find the quote service's geo data (${MARKER}); set GEO_DATA_DIR`);
}

/** One CSV line; fields may be double-quoted to hold commas. */
export function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out;
}

function readRows(file: string): string[][] {
  const lines = readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  return lines.slice(1).map(parseCsvLine);
}

const coords = (lat: string | undefined, lng: string | undefined) => {
  const la = Number(lat);
  const ln = Number(lng);
  return Number.isFinite(la) && Number.isFinite(ln) && lat !== '' && lng !== '' ? { lat: la, lng: ln } : null;
};

/** Loads the bundled tables once (a few thousand rows: milliseconds). */
export function loadGeoTable(dir: string): GeoTable {
  const outcodes: OutcodeRow[] = [];
  for (const [outcode, lat, lng, town] of readRows(path.join(dir, 'uk-outcodes.csv'))) {
    const c = coords(lat, lng);
    if (outcode && c) outcodes.push({ outcode: outcode.trim().toUpperCase(), ...c, town: (town ?? '').trim() });
  }
  const places: PlaceRow[] = [];
  for (const file of ['london-places.csv', 'london-tfl-stations.csv', 'london-rail-stations.csv']) {
    for (const [name, lat, lng] of readRows(path.join(dir, file))) {
      const c = coords(lat, lng);
      if (name && c) places.push({ name: name.trim(), ...c });
    }
  }
  if (outcodes.length === 0) throw new Error(`No postcode districts in ${dir}`);
  return { outcodes, places };
}
