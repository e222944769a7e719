import { LEAD_TIME_TEXT, SERVICE_TITLES, serviceSlug } from '@vanhop/contracts';

export type ServiceTitle = (typeof SERVICE_TITLES)[number];

export interface ServiceContent {
  title: ServiceTitle;
  /** One line for the listing card. */
  summary: string;
  /** Paragraphs for the detail page. */
  body: string[];
  /** What a typical job of this kind involves. */
  includes: string[];
  /** Van and help level most customers pick for this job. */
  suggestion: string;
}

/** Our own copy for each of the 12 services (docs/SCREENS.md); facts come from docs/PRICING.md and docs/SCREENS.md. */
export const SERVICE_CONTENT: Record<ServiceTitle, Omit<ServiceContent, 'title'>> = {
  'House or Apartment Moves': {
    summary:
      'From a studio flat to a three-bedroom house: pick the van and the number of movers, compare drivers and book online.',
    body: [
      'Moving home is the job most of our drivers do every day. Tell us where you are collecting from and where you are going, add any stops on the way, say how many flights of stairs there are at each end and how long you think it will take. Self-employed drivers then answer with their own prices, and you pick the one you like.',
      'A Luton van suits a three-bedroom home, a long-wheel-base van one or two bedrooms. If you are unsure, open the van size guide on the booking page: it lists the load space and payload of every van.',
    ],
    includes: [
      'Loading and unloading by the driver and any helpers you choose',
      "Furniture wrapped with the driver's blankets and straps",
      'Extra stops on the way at a small fixed charge',
      'Dismantling and re-assembly when agreed with the driver',
    ],
    suggestion: 'Large or Luton van with Driver-Plus-One',
  },
  'Furniture Delivery': {
    summary:
      'Bought a sofa, wardrobe or dining table? A driver collects it from the shop or seller and carries it in for you.',
    body: [
      'Shops often charge more for delivery than the furniture is worth, and second-hand sellers rarely deliver at all. Book a driver for the hour that suits you and have it carried to the room it belongs in.',
      'Tell the driver in the description box what you are collecting, whether it comes flat-packed and whether you need it assembled, so they can bring the right tools.',
    ],
    includes: [
      'Collection from shops, warehouses, auctions and private sellers',
      'Carrying up stairs when you tell us how many flights there are',
      'Assembly when agreed with the driver beforehand',
    ],
    suggestion: 'Medium van with Driver-Help',
  },
  'Collection and Disposal': {
    summary:
      'Unwanted furniture, garden waste or old appliances taken away and dropped at a licensed recycling centre.',
    body: [
      'Clear the space without hiring a skip. Describe what needs to go, and the driver loads it and takes it to a licensed household waste and recycling site or a charity that accepts it.',
      'Some items (fridges, mattresses, paint, tyres) carry site fees: the driver tells you before the job, and those fees are paid on the day.',
    ],
    includes: [
      'Loading from the house, garden or garage',
      'Drop-off at licensed recycling sites or charities',
      'Site fees for special items paid on the day',
    ],
    suggestion: 'Large van with Driver-Help',
  },
  'Student Moves': {
    summary:
      'Halls to a shared house, or home for the summer: small vans, short bookings and prices that suit a student budget.',
    body: [
      'Most student moves fit in a small or medium van and take an hour or two. Share the van with a housemate by adding a stop for their address on the way.',
      'Pack into bags and boxes before the driver arrives (we do not supply boxes) and you will be done faster, which means paying for less time.',
    ],
    includes: [
      "Small and medium vans for a room's worth of belongings",
      'Via stops for housemates on the same route',
      'Evening and weekend slots from 6:00 to 21:00',
    ],
    suggestion: 'Small or Medium van with Driver-Help',
  },
  'Small Business Moves': {
    summary: 'Shops, studios and small offices moved with as little downtime as possible, early or late in the day.',
    body: [
      'Desks, shelving, stock and IT equipment all travel safely with a driver who has done it before. Book an early start or an evening slot so your doors stay open during the day.',
      'Several vans for a bigger move? Book each one separately and tell each driver in the description what they are taking.',
    ],
    includes: [
      'Office furniture, filing cabinets and stock',
      'Early morning and evening starts',
      'Goods-in-transit insurance up to £10,000 per job',
    ],
    suggestion: 'Luton van with Driver-Plus-Two',
  },
  'Single Item Transportation': {
    summary: 'One bulky thing, one trip: a fridge, a bike, a sofa, a desk, moved the same day in most cases.',
    body: [
      'When it will not fit in a car or a taxi, book a van for just that item. Most single-item jobs are done well within the two-hour minimum.',
      'Specialist items such as pianos, safes or hot tubs need an expert team: talk to us through Instant Support before you book.',
    ],
    includes: [
      'Same-day jobs when a driver is free',
      'Protective blankets and straps',
      'Carrying up stairs for the flights you tell us about',
    ],
    suggestion: 'Small or Medium van with Driver-Help',
  },
  'Local Deliveries': {
    summary: 'Regular or one-off deliveries across London for online sellers, makers and shops.',
    body: [
      'Send stock to a customer, a market stall or a pop-up shop with a driver who knows the roads. Add each drop-off as a stop on one booking.',
      'Congestion charge, ULEZ, tolls and parking are not in the quote: the quotes list them as charges payable on the day.',
    ],
    includes: [
      'Multi-drop routes with via stops',
      'Hours booked in 30-minute steps',
      'A text and e-mail confirmation for every booking',
    ],
    suggestion: 'Medium van with No-Help or Driver-Help',
  },
  'Removals and Storage': {
    summary: 'Between homes or waiting for completion? Move your things into a self-storage unit and out again later.',
    body: [
      'Drivers do not keep items in their vans overnight, so for a gap between moves book two jobs: one from your old home to a storage unit, one from the unit to your new home.',
      'Put the storage site as a stop or as the delivery address, with its unit floor as the number of flights, and the driver quotes the right time.',
    ],
    includes: [
      'Delivery into and collection from self-storage units',
      'Two separate bookings for the two legs',
      'No overnight storage in vans',
    ],
    suggestion: 'Large or Luton van with Driver-Plus-One',
  },
  'Man and Van': {
    summary: 'The classic London man and van: a driver, a van and a pair of hands for whatever you need moving.',
    body: [
      'Every van comes with its driver; we never hire vans on their own. Choose whether the driver only drives or also helps, or bring one or two extra movers.',
      `Book online at any hour and a driver can be with you in as little as ${LEAD_TIME_TEXT}: moves start at least ${LEAD_TIME_TEXT} after booking. You get a confirmation text and e-mail, and the driver gets your name, e-mail and phone number.`,
    ],
    includes: [
      'Four van sizes from Small to Luton',
      'Four help levels from No-Help to Driver-Plus-Two',
      'Overtime charged per half hour at the quoted rate',
    ],
    suggestion: 'Any van, any help level',
  },
  'Removals Service': {
    summary: 'A full removal team for bigger homes: Luton vans, two or three movers and careful handling.',
    body: [
      'For larger homes choose Driver-Plus-Two: the driver and two movers load, transport and unload everything. Drivers may offer a home survey first so the quote matches the job.',
      'Dismantling and re-assembly, extra movers and boxes are extras agreed with the driver. Write what you need in the description box on the booking page.',
    ],
    includes: [
      'Home surveys arranged by the driver where useful',
      'Driver plus up to two movers',
      'Public liability insurance up to £5,000,000',
    ],
    suggestion: 'Luton van with Driver-Plus-Two',
  },
  'Packaging Service': {
    summary: 'Fragile things wrapped and packed properly before they travel, by drivers who pack every week.',
    body: [
      'Ask for packing in the description box and the driver allows time for it in the quote. You supply the boxes (none are included), the driver brings blankets, tape and straps.',
      'Glassware, pictures, mirrors and electronics travel best packed by someone who knows how: we are liable only for items our movers packed themselves.',
    ],
    includes: [
      'Wrapping of furniture, mirrors and pictures',
      'Packing of boxes you supply',
      'Time for packing included in the booked hours',
    ],
    suggestion: 'Medium or Large van with Driver-Plus-One',
  },
  'House Clearance': {
    summary: 'Whole-house or single-room clearances for landlords, executors and families, with usable items donated.',
    body: [
      'Clearing a property is a big job. Book a Luton van with two movers and describe the rooms that need emptying; book more hours if there is a loft or a garage.',
      'Items in good condition can go to a charity shop on the way, the rest to a licensed recycling site (site fees paid on the day).',
    ],
    includes: ['Full or partial clearances', 'Charity drop-offs as via stops', 'Licensed disposal of the rest'],
    suggestion: 'Luton van with Driver-Plus-Two',
  },
};

export const SERVICES: ServiceContent[] = SERVICE_TITLES.map((title) => ({ title, ...SERVICE_CONTENT[title] }));

/** The service whose /services/{id} link this is, or undefined for an unknown id. */
export const findServiceBySlug = (slug: string): ServiceContent | undefined =>
  SERVICES.find((s) => serviceSlug(s.title) === slug);
