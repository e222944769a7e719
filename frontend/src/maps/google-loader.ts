/**
 * One set of options for every `useJsApiLoader` call on the site: the Google loader refuses a second call with
 * different options, so the coverage map, landing maps and the Places autocomplete (components/GooglePlacesInput)
 * must all pass exactly these. Kept free of `@react-google-maps/api` imports so anything can read it cheaply.
 */
export const GOOGLE_MAPS_LIBRARIES: 'places'[] = ['places'];

export const googleLoaderOptions = (googleMapsApiKey: string) => ({
  id: 'google-map-script',
  googleMapsApiKey,
  libraries: GOOGLE_MAPS_LIBRARIES,
});
