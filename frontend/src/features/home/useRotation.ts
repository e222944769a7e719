import { useEffect, useState } from 'react';

/** Index of the slide to show, advancing every `everyMs` (paused while `paused` is true). */
export function useRotation(count: number, everyMs: number, paused = false): [number, (i: number) => void] {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), everyMs);
    return () => clearInterval(timer);
  }, [count, everyMs, paused]);
  return [count ? index % count : 0, setIndex];
}
