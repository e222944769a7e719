/** Choosing 1 to 5 stars: a radio group, so it works with the keyboard and reads out as "4 stars". */
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
  return (
    <fieldset className="stars" aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      <div className="stars-row">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`star ${value !== null && n <= value ? 'star--on' : ''}`}>
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              aria-label={`${n} star${n === 1 ? '' : 's'}`}
              onChange={() => onChange(n)}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
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
