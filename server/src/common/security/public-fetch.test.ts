import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedIpv4, isPublicAddress, PublicFetcher, PublicFetchError, type AddressPolicy, type HostResolver } from './public-fetch';

/** A loopback fake web server: each path a behaviour; records the Host header of each request. */
let server: http.Server;
let port: number;
const hosts: string[] = [];
const hanging = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hosts.push(req.headers.host ?? '');
    const path = req.url ?? '/';
    if (path === '/image') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': '5' });
      res.end('hello');
    } else if (path.startsWith('/hop/')) {
      // /hop/<n>: n more redirects before /image
      const n = Number(path.slice(5));
      res.writeHead(302, { location: n > 1 ? `/hop/${n - 1}` : '/image' });
      res.end();
    } else if (path === '/to-private') {
      res.writeHead(301, { location: 'http://10.0.0.7/secret' });
      res.end();
    } else if (path === '/big-announced') {
      res.writeHead(200, { 'content-length': String(2048) });
      res.end(Buffer.alloc(2048));
    } else if (path === '/big-chunked') {
      // No Content-Length: the size is only known by counting.
      res.writeHead(200, { 'content-type': 'image/png' });
      for (let i = 0; i < 8; i++) res.write(Buffer.alloc(512));
      res.end();
    } else if (path === '/hang') {
      hanging.add(res);
    } else if (path === '/missing') {
      res.writeHead(404);
      res.end();
    } else {
      res.writeHead(500);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const loopbackOnly: AddressPolicy = { allows: (address) => address === '127.0.0.1' };
/** Names resolved without DNS: images.test is the fake server; mixed.test also has a private address. */
const resolver: HostResolver = async (hostname) => {
  if (hostname === 'images.test') return [{ address: '127.0.0.1', family: 4 }];
  if (hostname === 'mixed.test')
    return [
      { address: '127.0.0.1', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
  throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
};
const limits = { maxBytes: 1024, timeoutMs: 5000 };

async function failure(promise: Promise<unknown>): Promise<PublicFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PublicFetchError);
  return error as PublicFetchError;
}

describe('public addresses', () => {
  it('refuses private, loopback, link-local, unique-local, CGNAT, multicast, unspecified and reserved addresses', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '100.127.255.254',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.2.10',
      '198.18.0.1',
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
      '2001:db8::1',
      'not-an-address',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });

  it('accepts public IPv4 and IPv6 addresses', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('finds the IPv4 address carried by mapped, compatible, NAT64 and 6to4 addresses', () => {
    expect(embeddedIpv4('::ffff:192.168.0.1')).toBe('192.168.0.1');
    expect(embeddedIpv4('::ffff:c0a8:1')).toBe('192.168.0.1');
    expect(embeddedIpv4('64:ff9b::808:808')).toBe('8.8.8.8');
    expect(embeddedIpv4('2002:0a00:0001::1')).toBe('10.0.0.1');
    expect(embeddedIpv4('2606:4700::1111')).toBeNull();
  });
});

describe('PublicFetcher with the default policy', () => {
  const fetcher = new PublicFetcher();

  it('refuses the loopback server by address and by a name that resolves to loopback, without connecting', async () => {
    const before = hosts.length;
    expect((await failure(fetcher.fetch(`http://127.0.0.1:${port}/image`, limits))).reason).toBe('address');
    expect((await failure(fetcher.fetch(`http://localhost:${port}/image`, limits))).reason).toBe('address');
    expect((await failure(fetcher.fetch(`http://[::1]:${port}/image`, limits))).reason).toBe('address');
    expect((await failure(fetcher.fetch(`http://[::ffff:127.0.0.1]:${port}/image`, limits))).reason).toBe('address');
    expect((await failure(fetcher.fetch('http://169.254.169.254/latest/meta-data/', limits))).reason).toBe('address');
    expect(hosts.length).toBe(before);
  });

  it('refuses other schemes and URLs with credentials', async () => {
    for (const url of ['ftp://example.com/a.png', 'file:///etc/passwd', 'data:image/png;base64,AAAA', 'gopher://example.com/', 'not a url'])
      expect((await failure(fetcher.fetch(url, limits))).reason, url).toBe('url');
    expect((await failure(fetcher.fetch('http://user:pw@example.com/a.png', limits))).reason).toBe('url');
  });
});

describe('PublicFetcher with an address policy that allows the loopback fake server', () => {
  const fetcher = new PublicFetcher(loopbackOnly, resolver);

  it('downloads the body over a connection to the resolved address, keeping the host name in the Host header', async () => {
    const result = await fetcher.fetch(`http://images.test:${port}/image`, limits);
    expect(result.data.toString()).toBe('hello');
    expect(result.contentType).toBe('image/png');
    // images.test exists only in the injected resolver: the connection went to the address it answered.
    expect(hosts.at(-1)).toBe(`images.test:${port}`);
  });

  it('refuses a host when any of its addresses is refused', async () => {
    expect((await failure(fetcher.fetch(`http://mixed.test:${port}/image`, limits))).reason).toBe('address');
  });

  it('says when a host does not resolve', async () => {
    expect((await failure(fetcher.fetch(`http://nowhere.test:${port}/image`, limits))).reason).toBe('dns');
  });

  it('follows up to 3 redirects, each checked again', async () => {
    expect((await fetcher.fetch(`http://images.test:${port}/hop/3`, limits)).data.toString()).toBe('hello');
    expect((await failure(fetcher.fetch(`http://images.test:${port}/hop/4`, limits))).reason).toBe('redirect');
    expect((await failure(fetcher.fetch(`http://images.test:${port}/to-private`, limits))).reason).toBe('address');
  });

  it('refuses a body over the limit, announced by Content-Length or only counted', async () => {
    expect((await failure(fetcher.fetch(`http://images.test:${port}/big-announced`, limits))).reason).toBe('tooLarge');
    expect((await failure(fetcher.fetch(`http://images.test:${port}/big-chunked`, limits))).reason).toBe('tooLarge');
    expect((await fetcher.fetch(`http://images.test:${port}/big-chunked`, { ...limits, maxBytes: 4096 })).data.length).toBe(4096);
  });

  it('gives up when the whole fetch takes longer than its time limit', async () => {
    expect((await failure(fetcher.fetch(`http://images.test:${port}/hang`, { ...limits, timeoutMs: 300 }))).reason).toBe('timeout');
  });

  it('fails on an answer other than 2xx', async () => {
    expect((await failure(fetcher.fetch(`http://images.test:${port}/missing`, limits))).reason).toBe('status');
  });
});
