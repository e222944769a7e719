import { formatPence, CHARGES, COMPANY, VAN_SPECS, VAN_SIZES } from '@vanhop/contracts';

export interface TermsSection {
  id: string;
  heading: string;
  paragraphs: string[];
}

const vanLines = VAN_SIZES.map((size) => {
  const s = VAN_SPECS[size].specifications;
  return `${VAN_SPECS[size].title}: ${s.Length} long, ${s.Width} wide, ${s.Height} high, payload ${s.Payload}, ${s.Seats} seats.`;
});

/** Terms of Use in the order the product lists them, with the figures of docs/PRICING.md and docs/BOOKING-LIFECYCLE.md. */
export const TERMS_SECTIONS: TermsSection[] = [
  {
    id: 'liability',
    heading: 'Limitation of liability',
    paragraphs: [
      `${COMPANY.name} runs a marketplace that connects customers with self-employed drivers. Each driver carries out the move and sets their own price.`,
      'Our total liability to you for any claim is limited to the fees you paid us in the 1 month before the claim arose. Nothing in these terms limits liability for death or personal injury caused by negligence, or for fraud.',
    ],
  },
  {
    id: 'use-of-website',
    heading: 'Use of the website',
    paragraphs: [
      "You must be 18 or over and give a valid e-mail address and phone number to book. Bookings are accepted online only. Do not misuse the site, try to reach parts of it you are not meant to, or book on someone else's behalf without their permission.",
      'The person present at pickup must be you or a friend or family member over 18.',
    ],
  },
  {
    id: 'fees',
    heading: 'Fees',
    paragraphs: [
      'The price shown on the offer you book is the price for the booked hours, van, help level, stairs, stops and mileage. Quotes do not include VAT. Extra time is charged per half hour at the overtime rate shown on the offer. Extras such as dismantling, re-assembly, packing or additional movers are agreed with the driver and charged on top.',
      'If you have paid in full, the driver waits up to 50% of the booked time at no charge; if you paid a deposit or pay cash, waiting time is limited to 20 minutes, after which it is charged as overtime.',
    ],
  },
  {
    id: 'cancellations',
    heading: 'Cancellations and postponements',
    paragraphs: [
      'You may cancel free of charge within 1 hour of placing a booking (the cooling-off period). After that hour the cancellation policy applies immediately and money already paid is not refunded; a cancellation within 24 hours of the move gives no refund.',
      "To postpone a move give at least 24 hours' notice. The booking is then frozen and can be reactivated for a new date within 12 months; after 12 months it lapses.",
    ],
  },
  {
    id: 'tolls',
    heading: 'Tolls and ferries',
    paragraphs: [
      'Road tolls, bridge and tunnel charges and ferry fees on your route are not included in the quote and are paid to the driver on the day.',
    ],
  },
  {
    id: 'insurance',
    heading: 'Insurance',
    paragraphs: [
      'Every job booked through us carries goods-in-transit insurance up to £10,000 and public liability insurance up to £5,000,000.',
      'Each claim carries an excess of £250. The most we pay is £500 for any single item and £1,000 per booking. Cash, jewellery, documents and items you packed yourself are not covered against breakage.',
    ],
  },
  {
    id: 'van-sizes',
    heading: 'Van sizes',
    paragraphs: [
      'Van dimensions are approximate internal load-space figures. It is your responsibility to choose a van big enough for your belongings; if everything does not fit, a second trip is charged as overtime.',
      ...vanLines,
    ],
  },
  {
    id: 'parking',
    heading: 'Parking',
    paragraphs: [
      'You must arrange legal parking as close as possible to each address, including permits or suspended bays where needed. Parking charges and any fines received because suitable parking was not available are paid by you.',
    ],
  },
  {
    id: 'packing',
    heading: 'Packing',
    paragraphs: [
      'Unless you booked packing, everything must be packed and ready when the driver arrives. We do not supply moving boxes. We are liable for breakage of packed items only where our movers packed them.',
    ],
  },
  {
    id: 'appliances',
    heading: 'Appliances',
    paragraphs: [
      'Washing machines, fridges, freezers and cookers must be disconnected, drained and defrosted before the move. Drivers do not disconnect or connect gas, water or electricity supplies.',
    ],
  },
  {
    id: 'stairs',
    heading: 'Stairs',
    paragraphs: [
      'A flight of stairs is more than 8 consecutive steps. Tell us the number of flights at every address. If there are more flights than booked, the extra time is charged as overtime.',
    ],
  },
  {
    id: 'privacy',
    heading: 'Privacy',
    paragraphs: [
      'We use your name, e-mail address, phone number and addresses to price and run your move. When you book, your name, e-mail and phone number are passed to the driver you chose. We never sell your details. Card payments are handled by our payment provider; we do not store card numbers.',
    ],
  },
  {
    id: 'disputes',
    heading: 'Disputes',
    paragraphs: [
      'If something goes wrong, contact us within 7 days of the move and we will work with you and the driver to resolve it. These terms are governed by the law of England and Wales.',
    ],
  },
  {
    id: 'non-payment',
    heading: 'Non-payment',
    paragraphs: [
      'If the amount due is not paid, the driver may keep the goods until it is. Goods still unpaid for 28 days after the move may be sold to recover the debt and the costs of storing them; any surplus is returned to you.',
    ],
  },
  {
    id: 'minimum-charge',
    heading: 'Minimum charge',
    paragraphs: ['Every booking is charged for at least 2 hours, even if the job takes less time.'],
  },
  {
    id: 'congestion-ulez',
    heading: 'Congestion and ULEZ charges',
    paragraphs: [
      `When the pickup or dropoff is inside the London congestion charge zone (charging hours ${CHARGES.congestionHours}), an extra ${formatPence(CHARGES.congestionPence)} is payable. Vans registered before 2005 pay the ULEZ charge of ${formatPence(CHARGES.ulezPence)}. Both are paid on the day and are not part of the quote.`,
    ],
  },
  {
    id: 'payment',
    heading: 'Payment',
    paragraphs: [
      'Pay online by card: a 30% or 50% deposit, or 100% of the price. The outstanding balance is paid to the driver at the end of the move. Other payment methods must be agreed with us at least 5 days before the move.',
    ],
  },
  {
    id: 'damage',
    heading: 'Damage',
    paragraphs: [
      'Check your belongings and the property when the move ends and note any damage to the driver before they leave. Claims must be reported in writing within 7 days and are handled under the insurance terms above. We are not liable for damage caused by items that were not packed properly, or for the working of appliances.',
    ],
  },
  {
    id: 'european-moves',
    heading: 'European moves',
    paragraphs: [
      'Moves to or from mainland Europe are arranged individually with the driver. Ferry and tunnel fares, customs paperwork and any duties are your responsibility and are not included in the quote.',
    ],
  },
];
