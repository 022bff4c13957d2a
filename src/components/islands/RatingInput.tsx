import { useState } from 'react';

/**
 * A 1–5 star rating as a native radio group: arrow keys move between stars, the group has a
 * visible legend, and each star has a spoken label ('4 stars').
 */
export default function RatingInput({
  value,
  onChange,
  name = 'rating',
  error,
}: {
  value: number;
  onChange: (n: number) => void;
  name?: string;
  error?: string;
}) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-ink">
        Rating{' '}
        <span className="text-red-700" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="mt-2 flex items-center gap-1" onMouseLeave={() => setHover(0)}>
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="relative cursor-pointer rounded-md p-0.5"
            onMouseEnter={() => setHover(n)}
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
              required
            />
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
            <svg
              className={`size-8 rounded-md transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${n <= shown ? 'text-accent-500' : 'text-slate-300'}`}
              viewBox="0 0 20 20"
              fill="currentColor"
              aria-hidden="true"
            >
              <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z" />
            </svg>
          </label>
        ))}
        <span className="ml-2 text-sm whitespace-nowrap text-ink-muted" aria-hidden="true">
          {value} of 5
        </span>
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
