/** Book Now on a local page starts the search from its place (the home page puts it in the pickup). */
export const bookNowLink = (place: string): string => `/?from=${encodeURIComponent(place)}`;
