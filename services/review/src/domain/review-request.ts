/** One per booking: `_id` is the booking id, so a second request cannot be stored. */
export interface ReviewRequestRecord {
  _id: string;
  randomNumber: number;
  customerEmail: string;
  requestedBy: string;
  requestedAt: string;
  /** What the review page shows and the review is signed with (absent on requests from before the page). */
  authorName?: string;
  driver?: { id: string; name: string } | null;
  moveDate?: string;
}
