/** A customer review as the web app shows it (SPEC.md section 3 "Review"). */
export interface Review {
  rating: number;
  author_name: string;
  /** Epoch seconds. */
  time: number;
  profile_photo_url: string;
  text: string;
}

export const newestFirst = (reviews: Review[]): Review[] => [...reviews].sort((a, b) => b.time - a.time);
