import { isIPv4, isIPv6 } from 'node:net';

/**
 * What counts as one client wherever the product keys something by client address (rate limits,
 * checkout holds, release links). An IPv6 host is normally given a whole /64 and can pick any
 * address in it at will, so an IPv6 client is its /64 prefix; an IPv4 address (also written as
 * IPv4-mapped IPv6, `::ffff:a.b.c.d`) is one client per address. Differently written forms of one
 * prefix share one key (`2001:db8::1` and `2001:0DB8:0:0::2` are both `2001:db8:0:0::/64`).
 * Anything that is not an IP address is returned as it is.
 */
export function clientKeyOfAddress(address: string): string {
  const bare = address.trim().replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(bare)) return bare;
  // A zone (`fe80::1%eth0`) names a local interface, not a different client.
  const withoutZone = bare.split('%', 1)[0] ?? '';
  if (!isIPv6(withoutZone)) return address;
  const groups = ipv6Groups(withoutZone.toLowerCase());
  if (isIpv4Mapped(groups)) {
    const [high, low] = [groups[6] ?? 0, groups[7] ?? 0];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

const isIpv4Mapped = (groups: readonly number[]): boolean =>
  groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;

/** The eight 16-bit groups of a valid IPv6 address (zero-compressed and dotted-tail forms included). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = text.match(/^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((g) => Number.parseInt(g, 16));
}
