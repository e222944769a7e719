import type { Review } from '../domain/review.js';
import type { ReviewsSource } from '../domain/reviews-source.js';

const DAY = 86_400;

/** Demo reviews for embedded mode, dated relative to a fixed point so the order is stable. */
export class SeededReviews implements ReviewsSource {
  constructor(private readonly now: () => Date) {}

  async fetch(): Promise<Review[]> {
    const t = Math.floor(this.now().getTime() / 1000);
    const r = (author: string, daysAgo: number, rating: number, text: string): Review => ({
      rating,
      author_name: author,
      time: t - daysAgo * DAY,
      profile_photo_url: '/images/avatar.svg',
      text,
    });
    return [
      r(
        'Priya S.',
        3,
        5,
        'Booked a Large van with Driver-Help for my flat move from Kilburn to Ealing. The driver was early, careful with the stairs and the price was exactly the quote.',
      ),
      r(
        'Tom H.',
        9,
        5,
        'Compared four drivers in a minute and picked the best-rated one. Sofa, bed and twenty boxes moved in under three hours.',
      ),
      r(
        'Amara O.',
        15,
        4,
        'Good value student move. The via stop to collect a desk from my friend was easy to add in the booker.',
      ),
      r(
        'Daniel K.',
        22,
        5,
        'Saved the quote, came back with the code the next day and paid a 30% deposit. The confirmation e-mail and text arrived straight away.',
      ),
      r(
        'Grace L.',
        34,
        5,
        'Office move for our small team in Camden. Luton van and two helpers, everything wrapped and nothing scratched.',
      ),
      r('Marek W.', 41, 4, 'Single wardrobe delivery from a shop in Wembley. Fair price and the driver called ahead.'),
      r(
        'Helen B.',
        57,
        5,
        'Third time using VanHop. Booking online at midnight is so much easier than phoning around.',
      ),
      r(
        'Yusuf A.',
        70,
        5,
        'Four flights of stairs at both ends and the crew did not complain once. Clear pricing for the stairs too.',
      ),
    ];
  }
}
