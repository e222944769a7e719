/**
 * Choosing 1 to 5 stars: a radio group, so it works with the keyboard and reads out as "4 stars".
 * The chosen stars are drawn filled and the rest hollow, and the choice is written beside them
 * ("4 out of 5"): colour alone would not show it in high-contrast mode or to a colour-blind eye.
 */
import '../../ui/reviews.css';

interface StarRatingProps {
  name: string;
  legend: string;
  value: number | null;
  onChange: (stars: number | null) => void;
  /** Offer "No rating" (the driver rating is optional). */
  optional?: boolean;
  error?: string;
}

export function StarRating({ name, legend, value, onChange, optional = false, error }: StarRatingProps) {
  const chosen = (n: number) => value !== null && n <= value;
  return (
    <fieldset className="stars" aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      <div className="stars-row">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`star ${chosen(n) ? 'star--on' : ''}`}>
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              aria-label={`${n} star${n === 1 ? '' : 's'}`}
              onChange={() => onChange(n)}
            />
            <span aria-hidden="true">{chosen(n) ? '★' : '☆'}</span>
          </label>
        ))}
        {/* The checked radio already says it to a screen reader. */}
        {value !== null && (
          <span className="stars-chosen" aria-hidden="true" data-testid={`${name}-chosen`}>
            {value} out of 5
          </span>
        )}
        {optional && (
          <label className="star-none">
            <input type="radio" name={name} value="" checked={value === null} onChange={() => onChange(null)} /> No
            rating
          </label>
        )}
      </div>
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}
