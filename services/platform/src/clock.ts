/** Injected time source so domain rules and tests never read the wall clock directly. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
export const fixedClock = (iso: string | Date): Clock => {
  const t = new Date(iso).getTime();
  return { now: () => new Date(t) };
};
