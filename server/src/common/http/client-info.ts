import type { Request } from 'express';
import { UAParser } from 'ua-parser-js';

export interface ClientInfo {
  ipaddr: string;
  browser: string;
  os: string;
  userAgent: string;
}

/** Address, browser and system of the client of a request. */
export function clientInfo(req: Request): ClientInfo {
  const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 500);
  const ua = UAParser(userAgent);
  return {
    ipaddr: req.ip ?? '',
    browser: [ua.browser.name, ua.browser.major].filter(Boolean).join(' ').slice(0, 50),
    os: [ua.os.name, ua.os.version].filter(Boolean).join(' ').slice(0, 50),
    userAgent,
  };
}
