import { COOLING_OFF_HOURS } from '@vanhop/contracts';

/** Cooling-off and cancellation wording (docs/BOOKING-LIFECYCLE.md), shared by mail and text. */
export const POLICIES = [
  `Cooling-off: you can cancel free of charge within ${COOLING_OFF_HOURS} hour of booking.`,
  'Cancellation: after the cooling-off hour the cancellation policy applies immediately and money already paid is not refunded; a cancellation within 24 hours of the move gives no refund.',
  "Postponing needs 24 hours' notice.",
  'Not included in the price and paid on the day: parking, fines, congestion charge, ULEZ, tolls and ferry fees.',
] as const;
