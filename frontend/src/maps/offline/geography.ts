import { CITIES, LONDON_PLACES, OUTCODES, STATIONS } from './offline-data';

export interface NamedPoint {
  name: string;
  lat: number;
  lng: number;
}

const decode = (packed: string): NamedPoint[] =>
  packed.split(';').map((record) => {
    const [name = '', lat, lng] = record.split('|');
    return { name, lat: Number(lat), lng: Number(lng) };
  });

/** The bundled geography, decoded once when the offline map chunk first loads. */
export const GEOGRAPHY = {
  districts: decode(OUTCODES),
  places: decode(LONDON_PLACES),
  stations: decode(STATIONS),
  cities: decode(CITIES),
};
