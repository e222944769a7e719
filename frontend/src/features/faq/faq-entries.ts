export interface FaqEntry {
  id: number;
  question: string;
  answer: string;
}

/** Our 22 questions (docs/SCREENS.md: ids 1 to 22); figures from docs/PRICING.md and docs/BOOKING-LIFECYCLE.md. */
export const FAQ_ENTRIES: FaqEntry[] = [
  {
    id: 1,
    question: 'How does VanHop work?',
    answer:
      'Enter your pickup and dropoff postcodes, describe the move (van size, help, stairs, hours, date) and press Get Free Quote. Self-employed drivers who cover your area answer with their own prices; you compare them, pick one and book online.',
  },
  {
    id: 2,
    question: 'Can I book by phone?',
    answer:
      'No. Bookings are accepted online only, 24 hours a day. Once you have booked you receive a confirmation text and e-mail, and the driver receives your name, e-mail address and phone number.',
  },
  {
    id: 3,
    question: 'How do I add a stop on the way?',
    answer:
      "On the booking page, press 'add stop' in the where-moving section of the booker. A new stop appears between the collection and the delivery address; type its postcode, choose the flights of stairs there and the quote is updated. A small fixed charge applies per stop.",
  },
  {
    id: 4,
    question: 'How do I compare quotes?',
    answer:
      'After Get Free Quote, the quotes popup lists every driver who can do the job with their price, van, help level, rating, overtime rate per half hour and the charges payable on the day. Pick the one that suits you; you can also save the quote and come back with its code.',
  },
  {
    id: 5,
    question: 'Can I message my driver?',
    answer:
      'Yes. From your Quotes page you can message the driver you booked, for example to describe a tricky item or give parking directions. To change the booking itself use Instant Support.',
  },
  {
    id: 6,
    question: 'Can I change my booking after I have made it?',
    answer:
      'Use Instant Support to amend the date, time, addresses or extras. Changes depend on the driver being available, and the price may change if the job changes.',
  },
  {
    id: 7,
    question: 'Is there a cooling-off period?',
    answer:
      'Yes: for 1 hour after you place a booking you can cancel free of charge. After that hour the cancellation policy applies straight away.',
  },
  {
    id: 8,
    question: 'What is the cancellation policy?',
    answer:
      "Outside the 1-hour cooling-off period, money already paid is not refunded, and cancelling within 24 hours of the move gives no refund at all. To postpone rather than cancel, give us at least 24 hours' notice: the booking is frozen and can be used within 12 months.",
  },
  {
    id: 9,
    question: 'Who needs to be there at pickup?',
    answer:
      'You, or a friend or family member over 18 who can let the driver in, show what is going and sign off the job. The customer who books must be 18 or over and give a valid e-mail address.',
  },
  {
    id: 10,
    question: 'Can I ride in the van?',
    answer:
      "Sometimes, but it is not guaranteed: it depends on the driver and on the van's free seats (Small vans have 2 seats, the others 3, including the driver's). Plan to travel separately.",
  },
  {
    id: 11,
    question: 'Which van size do I need?',
    answer:
      "Small (1.2 x 1.49 x 1.2 m) takes about 8 suitcases; Medium (2.4 x 1.7 x 1.4 m) fits two people's belongings or a sofa; Large (3.4 x 1.7 x 1.7 m) suits a 1-2 bedroom move; Luton (4.0 x 2.0 x 2.2 m) suits a 3-bedroom move. The van size guide on the booking page has the details.",
  },
  {
    id: 12,
    question: 'What are the help levels?',
    answer:
      'No-Help: the driver only drives. Driver-Help: the driver also loads and unloads with you. Driver-Plus-One: the driver and one helper. Driver-Plus-Two: the driver and two helpers, a full service.',
  },
  {
    id: 13,
    question: 'What extras can I ask for?',
    answer:
      'Drivers may offer home surveys, dismantling and re-assembly of furniture, extra movers and packing. Extras carry additional charges agreed with the driver. Write what you need in the description box on the booking page.',
  },
  {
    id: 14,
    question: 'What is not included in the quote?',
    answer:
      'Parking, fines, the congestion charge (£15.00 when the pickup or dropoff is in the zone), ULEZ (£12.50 for vans registered before 2005), tolls and ferry fees. These are paid on the day. Quotes do not include VAT. Moving boxes are not supplied and drivers do not store items overnight in their vans.',
  },
  {
    id: 15,
    question: 'What if the move takes longer than I booked?',
    answer:
      "Extra time is charged per half hour at your quote's overtime rate, shown on every offer. It is worked out from your price and booked time, so no surprises.",
  },
  {
    id: 16,
    question: 'How do I pay?',
    answer:
      'By card online: pay a 30% or 50% deposit or the full amount. Any outstanding balance is paid to the driver at the end of the job. Other payment methods must be agreed at least 5 days before the move.',
  },
  {
    id: 17,
    question: 'Can I save a quote and book later?',
    answer:
      'Yes. Press SaveForLater in the quote panel and we keep it under a code. Open Got Quote With Us? on the home page, type the code and pay when you are ready. Prices may change if you come back much later.',
  },
  {
    id: 18,
    question: 'Can I book without a fixed date?',
    answer:
      "Quotes need a moving date: drivers price by the day and time and must be free then, so the booking form asks for one. If your date is not fixed yet, choose the likeliest one; quotes are free, and once booked you can postpone the move (with 24 hours' notice) and choose a new date within 12 months. Moves start between 6:00 and 21:00, in 15-minute steps, at least 2 hours from now; times within 2 hours of booking carry a short-notice fee (£20 with most drivers), marked in the date picker.",
  },
  {
    id: 19,
    question: 'Are my things insured?',
    answer:
      'Jobs booked through us carry goods-in-transit insurance up to £10,000 and public liability cover up to £5,000,000. Claims carry a £250 excess and are limited to £500 per item and £1,000 per booking.',
  },
  {
    id: 20,
    question: 'Which areas do you cover?',
    answer:
      'Pickups must be within 30 miles of London NW2; deliveries can go anywhere in the UK. See the coverage map on the Check area cover page.',
  },
  {
    id: 21,
    question: 'Can you move a piano or other specialist item?',
    answer:
      'Pianos, safes and similar items need an expert team. Talk to us through Instant Support before booking so we can find a driver with the right equipment.',
  },
  {
    id: 22,
    question: 'What counts as a flight of stairs?',
    answer:
      'More than 8 consecutive steps. Tell us the number of flights at every address (or choose elevator / no stairs) so the driver brings enough help and quotes the right time.',
  },
];
