/** A customer review as the web app shows it (SPEC.md section 3 "Review"); GET /api/google/review. */
export interface Review {
  rating: number;
  author_name: string;
  /** Epoch seconds. */
  time: number;
  profile_photo_url: string;
  text: string;
}

export interface ReviewsResponse { result: { reviews: Review[] } }
