/**
 * The demo drivers' e-mail domain. `.example` is reserved (RFC 2606): no real driver can have an
 * address there, so an account on it is a demo one wherever it is read.
 */
export const DEMO_DRIVER_EMAIL_DOMAIN = 'drivers.vanhop.example';

export const isDemoDriverEmail = (email: string): boolean =>
  email.trim().toLowerCase().endsWith(`@${DEMO_DRIVER_EMAIL_DOMAIN}`);

/**
 * Who the embedded demo's seeded drivers are. The fleet seeds them (with vans, prices and home bases);
 * admin-auth opens their portal accounts from this same list at start, so they can sign in as soon
 * as the product is ready rather than once the fleet's event for each driver has arrived.
 */
export interface DemoDriverContact {
  driverId: string;
  name: string;
  email: string;
  /** Ofcom's drama range (07700 900xxx): never a real number. */
  phone: string;
}

const demoContact = (driverId: string, name: string, mailbox: string, n: number): DemoDriverContact => ({
  driverId,
  name,
  email: `${mailbox}@${DEMO_DRIVER_EMAIL_DOMAIN}`,
  phone: `07700900${String(n).padStart(3, '0')}`,
});

export const DEMO_DRIVER_CONTACTS: readonly DemoDriverContact[] = [
  demoContact('drv-ali-hassan', 'Ali Hassan', 'ali.hassan', 101),
  demoContact('drv-priya-shah', 'Priya Shah', 'priya.shah', 102),
  demoContact('drv-tom-okafor', 'Tom Okafor', 'tom.okafor', 103),
  demoContact('drv-marta-nowak', 'Marta Nowak', 'marta.nowak', 104),
  demoContact('drv-james-carter', 'James Carter', 'james.carter', 105),
  demoContact('drv-sofia-rossi', 'Sofia Rossi', 'sofia.rossi', 106),
  demoContact('drv-kwame-mensah', 'Kwame Mensah', 'kwame.mensah', 107),
  demoContact('drv-dave-wilson', 'Dave Wilson', 'dave.wilson', 108),
  demoContact('drv-hannah-lee', 'Hannah Lee', 'hannah.lee', 109),
  demoContact('drv-ravi-patel', 'Ravi Patel', 'ravi.patel', 110),
];
