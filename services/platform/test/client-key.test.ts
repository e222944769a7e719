import { describe, expect, it } from 'vitest';
import { clientKeyOfAddress } from '../src/index.js';

describe('clientKeyOfAddress: one key per client', () => {
  it('an IPv4 address is its own client', () => {
    expect(clientKeyOfAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOfAddress('203.0.113.8')).not.toBe(clientKeyOfAddress('203.0.113.7'));
  });

  it('an IPv4-mapped IPv6 address is the IPv4 client it maps, however it is written', () => {
    expect(clientKeyOfAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOfAddress('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKeyOfAddress('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOfAddress('::ffff:203.0.113.8')).not.toBe(clientKeyOfAddress('::ffff:203.0.113.7'));
  });

  it('an IPv6 address counts as its /64, in one spelling for every written form', () => {
    const key = clientKeyOfAddress('2001:db8::1');
    expect(key).toBe('2001:db8:0:0::/64');
    for (const same of [
      '2001:0db8:0:0::2',
      '2001:DB8:0000:0000:ffff:ffff:ffff:ffff',
      '2001:db8:0:0:1::',
      '[2001:db8::abcd]',
      '2001:db8::1%eth0',
      '2001:db8::10.0.0.1',
    ]) {
      expect(clientKeyOfAddress(same), same).toBe(key);
    }
  });

  it('another /64 is another client, even next door', () => {
    expect(clientKeyOfAddress('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(clientKeyOfAddress('2001:db8:0:1::1')).not.toBe(clientKeyOfAddress('2001:db8::1'));
    expect(clientKeyOfAddress('2001:db9::1')).not.toBe(clientKeyOfAddress('2001:db8::1'));
  });

  it('loopback, the unspecified address and full forms', () => {
    expect(clientKeyOfAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyOfAddress('::')).toBe('0:0:0:0::/64');
    expect(clientKeyOfAddress('fe80:0001:0002:0003:0004:0005:0006:0007')).toBe('fe80:1:2:3::/64');
  });

  it('anything that is not an address is left as it is', () => {
    expect(clientKeyOfAddress('unknown')).toBe('unknown');
    expect(clientKeyOfAddress('2001:db8::g')).toBe('2001:db8::g');
    expect(clientKeyOfAddress('')).toBe('');
  });
});
