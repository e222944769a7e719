/** The three steps, advancing every 2 s (docs/SCREENS.md). */
import { useState } from 'react';
import { useRotation } from './useRotation';
import { Button } from '../../ui';

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 3,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

// Drawn inline: emoji fonts are not everywhere.
const ICONS = {
  search: (
    <>
      <circle cx="20" cy="20" r="12" {...stroke} />
      <path d="M29 29 L41 41" {...stroke} />
    </>
  ),
  book: (
    <>
      <rect x="6" y="10" width="36" height="32" rx="4" {...stroke} />
      <path d="M6 19 H42 M15 6 V13 M33 6 V13 M16 30 L22 35 L32 25" {...stroke} />
    </>
  ),
  move: (
    <>
      <path d="M4 14 H28 V34 H4 Z M28 20 H37 L44 27 V34 H28" {...stroke} />
      <circle cx="13" cy="37" r="4" {...stroke} />
      <circle cx="36" cy="37" r="4" {...stroke} />
    </>
  ),
};

const STEPS = [
  {
    title: '1. Search your quote',
    text: 'Type your pickup and dropoff postcodes, then tell us the van, the help and the time you need.',
    icon: ICONS.search,
  },
  {
    title: '2. Book a driver',
    text: 'Compare prices from local self-employed drivers and secure the one you like with a 30%, 50% or full payment.',
    icon: ICONS.book,
  },
  {
    title: '3. Move',
    text: 'Your driver arrives at the booked time, loads up and takes everything to your new place.',
    icon: ICONS.move,
  },
];

export function HowWeWork() {
  const [hover, setHover] = useState(false);
  const [index, setIndex] = useRotation(STEPS.length, 2000, hover);
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: pausing while the pointer rests on it is for pointer users; the dots are buttons for the keyboard.
    <section
      className="home-section how-we-work"
      aria-roledescription="carousel"
      aria-label="How we work"
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
    >
      <h2>How We Work</h2>
      <div className="carousel-track">
        {STEPS.map((s, i) => (
          <article
            key={s.title}
            className="carousel-slide step-card"
            hidden={i !== index}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${STEPS.length}`}
          >
            <svg className="step-icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
              {s.icon}
            </svg>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </article>
        ))}
      </div>
      <Dots count={STEPS.length} index={index} onPick={setIndex} label="step" />
    </section>
  );
}

export function Dots({
  count,
  index,
  onPick,
  label,
}: {
  count: number;
  index: number;
  onPick: (i: number) => void;
  label: string;
}) {
  return (
    <div className="carousel-dots">
      {Array.from({ length: count }, (_, i) => (
        <Button
          // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide position.
          key={i}
          type="button"
          className={i === index ? 'dot active' : 'dot'}
          aria-label={`Show ${label} ${i + 1}`}
          aria-current={i === index}
          onClick={() => onPick(i)}
        />
      ))}
    </div>
  );
}
