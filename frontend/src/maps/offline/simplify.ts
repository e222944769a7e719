import type { Ring } from './land';

/**
 * Douglas–Peucker line simplification (used at generate time only): keeps both end points and every
 * point farther than `tolerance` (in the line's own units) from the simplified line, so lines that
 * share their end points still meet after simplification.
 */
export function simplifyLine(line: Ring, tolerance: number): Ring {
  if (line.length < 4) return line;
  const keep = new Uint8Array(line.length);
  keep[0] = keep[line.length - 1] = 1;
  const stack: [number, number][] = [[0, line.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = line[a]!;
    const [bx, by] = line[b]!;
    const len = Math.hypot(bx - ax, by - ay);
    let worst = -1;
    let far = 0;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = line[i]!;
      const d =
        len === 0 ? Math.hypot(px - ax, py - ay) : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / len;
      if (d > far) {
        far = d;
        worst = i;
      }
    }
    if (worst > 0 && far > tolerance) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  return line.filter((_, i) => keep[i]);
}
