import { Inject, Injectable, Optional } from '@nestjs/common';
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Outgoing requests to addresses a user typed (remote images of content): only `http(s)`, only to public addresses.
 * The host is resolved first and every address it resolves to is checked against the policy; the request then
 * connects to that checked address (Host header and TLS server name stay the host name), so a DNS answer that
 * changes between the check and the connection (rebinding) cannot send it elsewhere. Redirects are followed up to a
 * limit, each target checked again. The body is limited in size (also when Content-Length lies) and the whole fetch
 * in time.
 */

/** Which resolved addresses an outgoing request may connect to. */
export interface AddressPolicy {
  allows(address: string, family: 4 | 6): boolean;
}

/** Token of the address policy of `PublicFetcher`; without a provider the default (public addresses only) applies. */
export const PUBLIC_FETCH_ADDRESS_POLICY = Symbol('PUBLIC_FETCH_ADDRESS_POLICY');
/** Token of the host resolver of `PublicFetcher` (tests name hosts without DNS); the system resolver by default. */
export const PUBLIC_FETCH_RESOLVER = Symbol('PUBLIC_FETCH_RESOLVER');

/** Address ranges never reached from the server on a user's behalf (IANA special-purpose registries). */
const IPV4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const IPV6_BLOCKED: Array<[string, number]> = [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped (checked again as IPv4 below, blocked whole here as well)
  ['64:ff9b::', 96], // NAT64 (embeds an IPv4 address)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

// Two lists: node's BlockList matches an IPv4 address against IPv6 rules too (as IPv4-mapped), so one list with
// ::ffff:0:0/96 would refuse every IPv4 address.
const BLOCKED_V4 = new BlockList();
for (const [net, prefix] of IPV4_BLOCKED) BLOCKED_V4.addSubnet(net, prefix, 'ipv4');
const BLOCKED_V6 = new BlockList();
for (const [net, prefix] of IPV6_BLOCKED) BLOCKED_V6.addSubnet(net, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (`::` and a dotted IPv4 tail allowed), or null when it is not one. */
function ipv6Bytes(address: string): number[] | null {
  let text = address.split('%')[0];
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    if (isIP(tail[1]) !== 4) return null;
    const [a, b, c, d] = tail[1].split('.').map(Number);
    text = `${text.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string) => (s ? s.split(':') : []);
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    const n = parseInt(g, 16);
    bytes.push(n >> 8, n & 0xff);
  }
  return bytes;
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped, IPv4-compatible, NAT64, 6to4), if any. */
export function embeddedIpv4(address: string): string | null {
  const b = ipv6Bytes(address);
  if (!b) return null;
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const v4 = (at: number) => b.slice(at, at + 4).join('.');
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12); // ::ffff:a.b.c.d
  if (zeros(0, 12)) return v4(12); // ::a.b.c.d
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return v4(12); // 64:ff9b::a.b.c.d
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2); // 2002:AABB:CCDD::
  return null;
}

/** Whether an address is a public unicast one: not private, loopback, link-local, unique-local, CGNAT, multicast, reserved... */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !BLOCKED_V4.check(address, 'ipv4');
  if (family !== 6) return false;
  const plain = address.split('%')[0];
  if (isIP(plain) !== 6 || BLOCKED_V6.check(plain, 'ipv6')) return false;
  const v4 = embeddedIpv4(plain);
  return v4 === null || !BLOCKED_V4.check(v4, 'ipv4');
}

/** The default policy: public unicast addresses only. */
export const PUBLIC_ADDRESSES_ONLY: AddressPolicy = { allows: (address) => isPublicAddress(address) };

/** Why a fetch failed. */
export type PublicFetchFailure = 'url' | 'address' | 'dns' | 'redirect' | 'status' | 'tooLarge' | 'timeout' | 'network';

export class PublicFetchError extends Error {
  constructor(
    readonly reason: PublicFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PublicFetchError';
  }
}

export interface PublicFetchOptions {
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** Time limit of the whole fetch (name resolution, redirects, body), in ms. */
  timeoutMs: number;
  /** Redirects followed at most (default 3); each target is checked as the first URL was. */
  maxRedirects?: number;
  /** Accept header (default any). */
  accept?: string;
}

export interface PublicFetchResult {
  /** The URL the body came from (after redirects). */
  url: string;
  status: number;
  contentType: string;
  data: Buffer;
}

export type HostResolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** GETs of user-given URLs limited to public addresses (see the file comment). */
@Injectable()
export class PublicFetcher {
  private readonly policy: AddressPolicy;
  private readonly resolve: HostResolver;

  constructor(
    @Optional() @Inject(PUBLIC_FETCH_ADDRESS_POLICY) policy?: AddressPolicy,
    @Optional() @Inject(PUBLIC_FETCH_RESOLVER) resolver?: HostResolver,
  ) {
    this.policy = policy ?? PUBLIC_ADDRESSES_ONLY;
    this.resolve = resolver ?? systemResolver;
  }

  /** Downloads a URL's body; fails with `PublicFetchError` (never connects to an address the policy refuses). */
  async fetch(url: string, options: PublicFetchOptions): Promise<PublicFetchResult> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    try {
      return await this.follow(url, options, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) throw new PublicFetchError('timeout', `Fetching ${url} took longer than ${options.timeoutMs} ms`);
      if (error instanceof PublicFetchError) throw error;
      throw new PublicFetchError('network', `Fetching ${url} failed: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }

  private async follow(first: string, options: PublicFetchOptions, signal: AbortSignal): Promise<PublicFetchResult> {
    const maxRedirects = options.maxRedirects ?? 3;
    let current = parseTarget(first);
    for (let redirects = 0; ; redirects++) {
      const { address, family } = await this.checkedAddress(current.hostname, signal);
      const res = await request(current, address, family, options, signal);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.destroy();
        if (redirects >= maxRedirects) throw new PublicFetchError('redirect', `More than ${maxRedirects} redirects from ${first}`);
        current = parseTarget(new URL(res.headers.location, current).toString());
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new PublicFetchError('status', `${current.toString()} answered HTTP ${status}`);
      }
      const data = await readLimited(res, options.maxBytes, signal);
      return { url: current.toString(), status, contentType: String(res.headers['content-type'] ?? ''), data };
    }
  }

  /** The address to connect to: the host's addresses, every one of them allowed by the policy. */
  private async checkedAddress(hostname: string, signal: AbortSignal): Promise<{ address: string; family: 4 | 6 }> {
    const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
    let addresses: Array<{ address: string; family: number }>;
    if (isIP(literal)) addresses = [{ address: literal, family: isIP(literal) }];
    else {
      try {
        addresses = await abortable(this.resolve(literal), signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw new PublicFetchError('dns', `${literal} does not resolve`);
      }
    }
    if (!addresses.length) throw new PublicFetchError('dns', `${literal} does not resolve`);
    // One address the policy refuses is enough to refuse the host: its owner points it at a place we must not go.
    const refused = addresses.find((a) => !this.policy.allows(a.address, a.family === 6 ? 6 : 4));
    if (refused) throw new PublicFetchError('address', `${literal} resolves to ${refused.address}, which is not a public address`);
    const chosen = addresses[0];
    return { address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
  }
}

/** A URL that may be fetched: http(s), a host, no credentials. */
function parseTarget(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new PublicFetchError('url', `Not a URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PublicFetchError('url', `Only http and https may be fetched: ${text}`);
  if (!url.hostname) throw new PublicFetchError('url', `No host in ${text}`);
  if (url.username || url.password) throw new PublicFetchError('url', 'URLs with credentials are not fetched');
  return url;
}

/** One GET to `url` over a connection to `address` (Host and TLS server name stay the URL's host). */
function request(url: URL, address: string, family: 4 | 6, options: PublicFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  // Connections go to the checked address whatever the host name resolves to now.
  const pinned: LookupFunction = (_hostname, opts, callback) => {
    if ((opts as { all?: boolean }).all) (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: pinned,
        signal,
        headers: { accept: options.accept ?? '*/*', 'accept-encoding': 'identity', 'user-agent': 'ZhiwenCMS/1.0 (+remote resource fetch)' },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body, refused once it passes `maxBytes` (announced or counted). */
function readLimited(res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const announced = Number(res.headers['content-length']);
  if (Number.isFinite(announced) && announced > maxBytes) {
    res.destroy();
    return Promise.reject(new PublicFetchError('tooLarge', `The body has ${announced} bytes, more than ${maxBytes}`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onAbort = () => {
      res.destroy();
      reject(new Error('aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        signal.removeEventListener('abort', onAbort);
        res.destroy();
        reject(new PublicFetchError('tooLarge', `The body is larger than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => {
      signal.removeEventListener('abort', onAbort);
      resolve(Buffer.concat(chunks));
    });
    res.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
  });
}

/** A promise that rejects as soon as `signal` aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
