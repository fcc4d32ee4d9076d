import { describe, expect, it } from 'vitest';
import { parseCidr } from './cidr';

describe('parseCidr', () => {
  it('reads IPv4 and IPv6 networks and turns a single address into a /32 or /128', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ family: 'ipv4', network: '10.0.0.0', prefix: 8, text: '10.0.0.0/8' });
    expect(parseCidr(' 127.0.0.1 ')?.text).toBe('127.0.0.1/32');
    expect(parseCidr('2001:db8::/32')).toEqual({ family: 'ipv6', network: '2001:db8::', prefix: 32, text: '2001:db8::/32' });
    expect(parseCidr('::1')?.text).toBe('::1/128');
    expect(parseCidr('0.0.0.0/0')?.text).toBe('0.0.0.0/0');
    expect(parseCidr('::/0')?.text).toBe('::/0');
  });

  it('clears host bits right of the prefix, as PostgreSQL cidr requires', () => {
    expect(parseCidr('192.168.1.77/24')?.text).toBe('192.168.1.0/24');
    expect(parseCidr('10.255.255.255/9')?.text).toBe('10.128.0.0/9');
    expect(parseCidr('2001:db8:abcd:12::1/48')?.text).toBe('2001:db8:abcd::/48');
    expect(parseCidr('fe80:0:0:0:1:0:0:1')?.text).toBe('fe80::1:0:0:1/128');
    expect(parseCidr('::ffff:10.1.2.3/120')?.text).toBe('::ffff:a01:200/120');
  });

  it('refuses what is not an address or network', () => {
    for (const bad of [
      '10.0.0.1/33',
      '300.1.1.1',
      'abc',
      '',
      '10.0.0/8',
      '10.0.0.1/',
      '10.0.0.1/-1',
      '10.0.0.1/8/8',
      '::1/129',
      'fe80::1%eth0',
      '1.2.3.4/ 8',
      '01.2.3.4',
    ]) {
      expect(parseCidr(bad), bad).toBeNull();
    }
  });
});
