/** The three steps, advancing every 2 s (SPEC.md section 9). */
import { useState } from 'react';
import { useRotation } from './useRotation';

const STEPS = [
  { title: '1. Search your quote', text: 'Type your pickup and dropoff postcodes, then tell us the van, the help and the time you need.', icon: '🔎' },
  { title: '2. Book a driver', text: 'Compare prices from local self-employed drivers and secure the one you like with a 30%, 50% or full payment.', icon: '📅' },
  { title: '3. Move', text: 'Your driver arrives at the booked time, loads up and takes everything to your new place.', icon: '🚚' },
];

export function HowWeWork() {
  const [hover, setHover] = useState(false);
  const [index, setIndex] = useRotation(STEPS.length, 2000, hover);
  return (
    <section className="home-section how-we-work" aria-roledescription="carousel" aria-label="How we work" onMouseEnter={() => setHover(true)} onMouseLeave={() => setHover(false)}>
      <h2>How We Work</h2>
      <div className="carousel-track">
        {STEPS.map((s, i) => (
          <article key={s.title} className="carousel-slide step-card" hidden={i !== index} aria-roledescription="slide" aria-label={`${i + 1} of ${STEPS.length}`}>
            <span className="step-icon" aria-hidden="true">
              {s.icon}
            </span>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </article>
        ))}
      </div>
      <Dots count={STEPS.length} index={index} onPick={setIndex} label="step" />
    </section>
  );
}

export function Dots({ count, index, onPick, label }: { count: number; index: number; onPick: (i: number) => void; label: string }) {
  return (
    <div className="carousel-dots">
      {Array.from({ length: count }, (_, i) => (
        <button key={i} type="button" className={i === index ? 'dot active' : 'dot'} aria-label={`Show ${label} ${i + 1}`} aria-current={i === index} onClick={() => onPick(i)} />
      ))}
    </div>
  );
}
