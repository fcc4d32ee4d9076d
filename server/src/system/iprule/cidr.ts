import { isIPv4, isIPv6 } from 'node:net';

/** A network in CIDR notation, reduced to its network address. */
export interface Cidr {
  family: 'ipv4' | 'ipv6';
  /** Network address (host bits cleared). */
  network: string;
  prefix: number;
  /** `network/prefix`, the form stored. */
  text: string;
}

const PREFIX = /^\d{1,3}$/;

/**
 * Reads an address or network (`10.0.0.0/8`, `192.168.1.5`, `2001:db8::/32`). A single address becomes a /32 or
 * /128 network; host bits right of the prefix are cleared (`192.168.1.5/24` is `192.168.1.0/24`), as PostgreSQL's
 * `cidr` type only holds network addresses. Null when the text is neither.
 */
export function parseCidr(input: string): Cidr | null {
  const parts = input.trim().split('/');
  if (parts.length > 2) return null;
  const [address, prefixText] = parts;
  if (prefixText !== undefined && !PREFIX.test(prefixText)) return null;
  if (isIPv4(address)) {
    const prefix = prefixText === undefined ? 32 : Number(prefixText);
    if (prefix > 32) return null;
    const network = formatIPv4(ipv4ToNumber(address) & prefixMask(prefix, 32n));
    return { family: 'ipv4', network, prefix, text: `${network}/${prefix}` };
  }
  if (isIPv6(address) && !address.includes('%')) {
    const prefix = prefixText === undefined ? 128 : Number(prefixText);
    if (prefix > 128) return null;
    const network = formatIPv6(ipv6ToNumber(address) & prefixMask(prefix, 128n));
    return { family: 'ipv6', network, prefix, text: `${network}/${prefix}` };
  }
  return null;
}

function prefixMask(prefix: number, bits: bigint): bigint {
  const all = (1n << bits) - 1n;
  return all ^ ((1n << (bits - BigInt(prefix))) - 1n);
}

function ipv4ToNumber(address: string): bigint {
  return address.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function formatIPv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

function ipv6ToNumber(address: string): bigint {
  let text = address;
  // A trailing dotted IPv4 part (`::ffff:10.0.0.1`) stands for the last two groups.
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v4 = ipv4ToNumber(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : new Array(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].reduce((acc, group) => (acc << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/** Compressed text of an IPv6 address (longest run of zero groups as `::`). */
function formatIPv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt((7 - i) * 16)) & 0xffffn));
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestLength < 2) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}
