/** The attribution lines the data's licences ask the product to show (services/quote/data/ATTRIBUTION.md, frontend/src/maps/offline/ATTRIBUTION.md). */
export const DATA_ATTRIBUTION = [
  'Contains OS data © Crown copyright and database right.',
  'Contains Royal Mail data © Royal Mail copyright and database right.',
  'Source: Office for National Statistics licensed under the Open Government Licence v.3.0.',
  'Contains public sector information licensed under the Open Government Licence (NaPTAN, DfT).',
  'Powered by TfL Open Data.',
  'London area names and locations: Wikipedia contributors, "List of areas of London", CC BY-SA 4.0.',
  'Offline map coastline: Natural Earth (public domain), through the world-atlas package; district outlines are approximate, drawn from district centres.',
  'Offline map London borough areas: approximate, derived from Wikipedia contributors, "List of areas of London", CC BY-SA 4.0 (the derived outlines are shared under the same licence).',
] as const;
