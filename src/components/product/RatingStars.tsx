/** Five stars filled to a rating, with the figure and, optionally, the review count beside them. */
import { formatRating, formatReviewCount } from '../../lib/format';
import { formatWhole } from '../../lib/money';

/** One star of a 24-unit cell, moved `dx` units right (its two absolute points move with it). */
const star = (dx: number) => `M${12 + dx} 2.5l2.9 5.9 6.5.95-4.7 4.6 1.1 6.45L${12 + dx} 17.35 ${(6.2 + dx).toFixed(1)} 20.4l1.1-6.45-4.7-4.6 6.5-.95z`;
/**
 * The five stars side by side as one path: two elements a row rather than ten, which matters
 * when a filter change draws 48 cards at once.
 */
const FIVE_STARS = [0, 24, 48, 72, 96].map(star).join('');

export interface RatingStarsProps {
  rating: number;
  reviews: number;
  /** Star size in pixels. */
  size?: number;
  /** 'compact' shows '(128)'; 'full' shows '128 reviews'. */
  variant?: 'compact' | 'full';
}

/** A rating as stars, read out as 'Rated 4.7 out of 5 from 128 reviews'. */
export default function RatingStars({ rating, reviews, size = 14, variant = 'compact' }: RatingStarsProps) {
  const figure = formatRating(rating);
  const fill = `${(Number(figure) / 5) * 100}%`;
  const stars = (
    <svg className="shrink-0" viewBox="0 0 120 24" width={size * 5} height={size} fill="currentColor">
      <path d={FIVE_STARS} />
    </svg>
  );
  return (
    <p className="flex items-center gap-1.5 text-sm leading-none">
      <span className="relative inline-flex shrink-0" aria-hidden="true">
        <span className="flex text-line">{stars}</span>
        <span className="absolute inset-y-0 left-0 flex overflow-hidden text-gold" style={{ width: fill }}>
          {stars}
        </span>
      </span>
      <span className="sr-only">
        Rated {figure} out of 5 from {formatReviewCount(reviews)}
      </span>
      <span className="tabular font-semibold text-ink" aria-hidden="true">
        {figure}
      </span>
      <span className="tabular text-ink-muted" aria-hidden="true">
        {variant === 'full' ? formatReviewCount(reviews) : `(${formatWhole(reviews)})`}
      </span>
    </p>
  );
}
