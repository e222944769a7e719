import { useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { MapSpec } from '../types';
import { useElementSize } from '../useElementSize';
import { GEOGRAPHY, type NamedPoint } from './geography';
import { outsideNamesClearOfCircle, placeLabels, type LabelCandidate } from './labels';
import { districtCellsPath } from './cells';
import { BOROUGH_ARCS, BOROUGHS } from './borough-data';
import { boroughLabelCandidates } from './borough-labels';
import { boroughOutlinePath, decodeBoroughs } from './boroughs';
import { decodeLand, landPath } from './land';
import { LAND } from './land-data';
import { isVisible, metresPerPixel, project, scaleBar, type Viewport } from './projection';

/** Natural Earth's coastline, decoded once when the offline map chunk first loads. */
const COASTLINE = decodeLand(LAND);
/** Approximate postcode-district outlines from this zoom in (below it they are a dense mesh). */
const CELLS_FROM_ZOOM = 9;
/** Approximate London boroughs, decoded once when the offline map chunk first loads. */
const BOROUGH_LAYER = decodeBoroughs(BOROUGH_ARCS, BOROUGHS);
/** Borough outlines and names from this zoom in, where Greater London is some 500 px across. */
const BOROUGHS_FROM_ZOOM = 10;

const CREDIT = 'Offline map: coastline from Natural Earth; district outlines approximate, from district centres';
/** Credited whenever the boroughs are drawn (CC BY-SA asks for it); the coverage map is too far out to show them. */
const BOROUGH_CREDIT = '; borough areas approximate, derived from Wikipedia’s List of areas of London (CC BY-SA 4.0)';
/** A generous width of one character of the credit line (.map-note, 0.7rem), to tell how many lines it wraps to. */
const CREDIT_CHAR_PX = 5.8;
/** The height of one line of the credit line in pixels (0.7rem at line-height 1.5). */
const CREDIT_LINE_PX = 17;

/** How many lines the credit line takes at this map width, so the scale bar and the names stay clear of it. */
function creditLines(width: number, withBoroughs: boolean): number {
  const chars = CREDIT.length + (withBoroughs ? BOROUGH_CREDIT.length : 0) + ' (sources)'.length;
  return Math.max(1, Math.ceil((chars * CREDIT_CHAR_PX) / Math.max(1, width - 14)));
}

/** Borough names: quieter than place names (the .label class gives the halo), spaced capitals like an atlas. */
const BOROUGH_NAME_STYLE = {
  fill: 'var(--muted)',
  fontSize: '10.5px',
  fontWeight: 600,
  letterSpacing: '0.1em',
} as const;

function byDistance(points: NamedPoint[], view: Viewport, kind: LabelCandidate['kind']): LabelCandidate[] {
  return points
    .map((p) => ({ text: p.name, kind, at: { lat: p.lat, lng: p.lng }, ...project(p, view) }))
    .filter((p) => isVisible(p, view))
    .sort(
      (a, b) =>
        Math.hypot(a.x - view.width / 2, a.y - view.height / 2) -
        Math.hypot(b.x - view.width / 2, b.y - view.height / 2),
    );
}

/** Which names to show: cities when zoomed out, boroughs, districts, areas and stations when zoomed in. */
function labelCandidates(view: Viewport): LabelCandidate[] {
  if (view.zoom <= 9) return byDistance(GEOGRAPHY.cities, view, 'city');
  const boroughs = view.zoom >= BOROUGHS_FROM_ZOOM ? boroughLabelCandidates(BOROUGH_LAYER, view) : [];
  if (view.zoom <= 11)
    return [
      ...byDistance(GEOGRAPHY.cities, view, 'city'),
      ...boroughs,
      ...byDistance(GEOGRAPHY.districts, view, 'district'),
    ];
  // District codes first, so each outlined cell is named; then the boroughs, before the many areas and stations.
  return [
    ...byDistance(GEOGRAPHY.districts, view, 'district'),
    ...boroughs,
    ...byDistance(GEOGRAPHY.places, view, 'place'),
    ...byDistance(GEOGRAPHY.stations, view, 'station'),
  ];
}

/** The coastline, district cells and borough outlines for this view (each only from its zoom in). */
function useMapLayers(view: Viewport) {
  const drawn = view.width > 0 && view.height > 0;
  const land = useMemo(() => (drawn ? landPath(COASTLINE, view) : ''), [view, drawn]);
  const cells = useMemo(
    () => (view.zoom >= CELLS_FROM_ZOOM && drawn ? districtCellsPath(GEOGRAPHY.districts, view) : ''),
    [view, drawn],
  );
  const boroughs = useMemo(
    () => (view.zoom >= BOROUGHS_FROM_ZOOM && drawn ? boroughOutlinePath(BOROUGH_LAYER, view) : ''),
    [view, drawn],
  );
  return { land, cells, boroughs };
}

/** The names placed on this view, clear of the marker and its title, the credit line and the scale bar. */
function usePlacedLabels(
  view: Viewport,
  {
    marker,
    markerTitle,
    covers,
    circleRadiusMetres,
  }: Pick<MapSpec, 'marker' | 'markerTitle' | 'covers' | 'circleRadiusMetres'>,
  noteLines: number,
  mpp: number,
) {
  return useMemo(() => {
    // Keep names clear of the marker and its title.
    const cx = view.width / 2;
    const cy = view.height / 2;
    const markerBox = {
      left: cx - 14,
      top: cy - 40,
      right: cx + 16 + (marker && markerTitle ? markerTitle.length * 8 : 0),
      bottom: cy + 4,
    };
    // ... and clear of the attribution line and the scale bar along the bottom edge.
    const bottomStrip = {
      left: 0,
      top: view.height - 29 - CREDIT_LINE_PX * noteLines,
      right: view.width,
      bottom: view.height,
    };
    const all = labelCandidates(view);
    const candidates =
      covers && circleRadiusMetres !== undefined
        ? outsideNamesClearOfCircle(all, { x: cx, y: cy, r: circleRadiusMetres / mpp }, covers)
        : all;
    return placeLabels(candidates, view.width, view.height, 80, marker ? [markerBox, bottomStrip] : [bottomStrip]);
  }, [view, marker, markerTitle, noteLines, covers, circleRadiusMetres, mpp]);
}

/**
 * The map drawn without Google: a Web Mercator view at the same zoom as the Google map, sea behind the
 * Natural Earth coastline, approximate postcode-district outlines (Voronoi cells of the district
 * centres, clipped to the land), approximate London borough outlines (from the boroughs of London's
 * areas), names from the bundled London areas and stations, and the marker and circle to scale.
 * Static (no gestures), so it suits both coverage and landing pages.
 */
export default function OfflineMap(spec: MapSpec) {
  const { center, zoom, height, label, marker, markerTitle, circleRadiusMetres, points } = spec;
  const { ref, size } = useElementSize<HTMLDivElement>();
  const view: Viewport = useMemo(
    () => ({ center, zoom, width: size.width, height: size.height }),
    [center, zoom, size.width, size.height],
  );
  const mpp = metresPerPixel(center.lat, zoom);
  const { land, cells, boroughs } = useMapLayers(view);
  const clipId = `land-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const noteLines = creditLines(view.width, boroughs !== '');
  const labels = usePlacedLabels(view, spec, noteLines, mpp);
  const middle = { x: view.width / 2, y: view.height / 2 };

  return (
    <div className="map-frame" style={{ height }} ref={ref} data-map-engine="offline">
      <svg
        className="offline-map"
        role="img"
        aria-label={label}
        viewBox={`0 0 ${view.width} ${view.height}`}
        preserveAspectRatio="xMidYMid slice"
      >
        <title>{label}</title>
        <rect width={view.width} height={view.height} fill="var(--map-sea)" />
        <MapAreas land={land} cells={cells} boroughs={boroughs} clipId={clipId} />
        {circleRadiusMetres !== undefined && (
          <circle
            data-testid="coverage-circle"
            cx={middle.x}
            cy={middle.y}
            r={circleRadiusMetres / mpp}
            fill="var(--accent)"
            fillOpacity={0.22}
            stroke="var(--accent)"
            strokeWidth={2}
          />
        )}
        <MapLabels labels={labels} />
        {view.width > 0 && points && <MapPoints points={points} view={view} />}
        {marker && <MapMarker at={middle} title={markerTitle} />}
        <ScaleBar view={view} lat={center.lat} zoom={zoom} noteLines={noteLines} />
      </svg>
      <p className="map-note">
        {CREDIT}
        {boroughs && BOROUGH_CREDIT} (<Link to={{ pathname: '/terms', hash: '#data-sources' }}>sources</Link>)
      </p>
    </div>
  );
}

/** The land on the sea, with the district cells and borough outlines clipped to it. */
function MapAreas({
  land,
  cells,
  boroughs,
  clipId,
}: {
  land: string;
  cells: string;
  boroughs: string;
  clipId: string;
}) {
  return (
    <>
      <defs>
        <clipPath id={clipId}>
          <path d={land} clipRule="evenodd" />
        </clipPath>
      </defs>
      <path
        data-testid="map-land"
        className="land"
        d={land}
        fillRule="evenodd"
        stroke="var(--muted)"
        strokeOpacity={0.55}
        strokeWidth={0.8}
        strokeLinejoin="round"
      />
      <ClippedOutline testId="district-cells" d={cells} clipId={clipId} stroke="var(--muted)" opacity={0.5} width={1} />
      <ClippedOutline
        testId="borough-outlines"
        d={boroughs}
        clipId={clipId}
        stroke="var(--heading)"
        opacity={0.6}
        width={1.5}
        dashes="8 3 2 3"
      />
    </>
  );
}

/** Outlines drawn on the land only (clipped to it, so none runs out to sea); nothing when there are none in view. */
function ClippedOutline({
  testId,
  d,
  clipId,
  stroke,
  opacity,
  width,
  dashes,
}: {
  testId: string;
  d: string;
  clipId: string;
  stroke: string;
  opacity: number;
  width: number;
  dashes?: string;
}) {
  if (!d) return null;
  return (
    <path
      data-testid={testId}
      d={d}
      clipPath={`url(#${clipId})`}
      fill="none"
      stroke={stroke}
      strokeOpacity={opacity}
      strokeWidth={width}
      strokeDasharray={dashes}
      strokeLinejoin="round"
    />
  );
}

/** The placed names: boroughs as quiet spaced capitals, everything else beside its dot (a square for a station). */
function MapLabels({ labels }: { labels: ReturnType<typeof placeLabels> }) {
  return (
    <g>
      {labels.map((l) =>
        l.kind === 'borough' ? (
          <text
            key={`${l.kind}-${l.text}`}
            x={l.x}
            y={l.y + 4}
            textAnchor="middle"
            className="label"
            style={BOROUGH_NAME_STYLE}
          >
            {l.text}
          </text>
        ) : (
          <g key={`${l.kind}-${l.text}`}>
            {l.kind === 'station' ? (
              <rect x={l.x - 3} y={l.y - 3} width={6} height={6} className="place-dot" />
            ) : (
              <circle cx={l.x} cy={l.y} r={l.kind === 'city' ? 3.5 : 2.5} className="place-dot" />
            )}
            <text x={l.x + 7} y={l.y + 4} className={l.kind === 'city' ? 'label major' : 'label'}>
              {l.text}
            </text>
          </g>
        ),
      )}
    </g>
  );
}

/** The van and the pickup, each named. */
function MapPoints({ points, view }: { points: NonNullable<MapSpec['points']>; view: Viewport }) {
  return (
    <>
      {points.map((p) => {
        const at = project(p.at, view);
        return (
          <g key={`${p.kind}-${p.title}`} data-testid={`map-point-${p.kind}`} transform={`translate(${at.x} ${at.y})`}>
            <title>{p.title}</title>
            {p.kind === 'van' ? (
              <rect x={-9} y={-7} width={18} height={14} rx={3} className="map-point-van" />
            ) : (
              <circle r={7} className="map-point-pickup" />
            )}
            {/* Named on the side with more room, so a point near the edge keeps its name in view. */}
            <text
              x={at.x > view.width / 2 ? -12 : 12}
              y={4}
              textAnchor={at.x > view.width / 2 ? 'end' : 'start'}
              className="label major"
            >
              {p.title}
            </text>
          </g>
        );
      })}
    </>
  );
}

/** The pin in the middle of the map, with its title. */
function MapMarker({ at, title }: { at: { x: number; y: number }; title?: string }) {
  return (
    <g data-testid="map-marker" transform={`translate(${at.x} ${at.y})`}>
      <path
        d="M0 0 C -4 -10 -11 -14 -11 -22 A 11 11 0 1 1 11 -22 C 11 -14 4 -10 0 0 Z"
        style={{ fill: 'var(--palette-red-600)', stroke: 'var(--palette-red-950)' }}
        strokeWidth={1.2}
      />
      <circle cy={-22} r={4} style={{ fill: 'var(--palette-red-950)' }} />
      {title && (
        <text x={14} y={-26} className="label major">
          {title}
        </text>
      )}
    </g>
  );
}

/** The scale bar in the bottom corner, above the credit line. */
function ScaleBar({ view, lat, zoom, noteLines }: { view: Viewport; lat: number; zoom: number; noteLines: number }) {
  const bar = scaleBar(lat, zoom);
  return (
    <g transform={`translate(${view.width - bar.pixels - 12} ${view.height - 13 - CREDIT_LINE_PX * noteLines})`}>
      <rect x={-4} y={-14} width={bar.pixels + 8} height={22} fill="var(--bg)" opacity={0.75} rx={3} />
      <path d={`M0 0 V4 H${bar.pixels} V0`} fill="none" stroke="var(--text)" strokeWidth={2} />
      <text x={bar.pixels / 2} y={-3} textAnchor="middle" className="label">
        {bar.label}
      </text>
    </g>
  );
}
