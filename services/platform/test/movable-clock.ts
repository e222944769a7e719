import type { Clock } from '../src/clock.js';

/** Tests' one clock that moves only when told: set it to an instant, or move it on. */
export class MovableClock implements Clock {
  t: number;
  constructor(at: string | number | Date) {
    this.t = new Date(at).getTime();
  }
  now = (): Date => new Date(this.t);
  set = (at: string | number | Date): void => {
    this.t = new Date(at).getTime();
  };
  advance = (ms: number): void => {
    this.t += ms;
  };
}
