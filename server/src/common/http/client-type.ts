import { ClientType as CLIENT_TYPE } from '@zhiwen/shared';
import { UAParser } from 'ua-parser-js';

/** Client types of spec 9 (dictionary `cms_client_type`): desktop, phone, pad. */
export const CLIENT_TYPES = [CLIENT_TYPE.DESKTOP, CLIENT_TYPE.PHONE, CLIENT_TYPE.PAD] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** Client types of recent user agents: parsing one costs more than answering a cached search. */
const recent = new Map<string, ClientType>();

/** Desktop, phone or pad, from the user agent (an unknown device is a desktop). */
export function clientTypeOf(userAgent: string): ClientType {
  let client = recent.get(userAgent);
  if (client) return client;
  const device = UAParser(userAgent).device.type;
  if (device === 'tablet') client = 'pad';
  else if (device === 'mobile' || device === 'wearable') client = 'phone';
  // An agent naming the iPad where the parser found no device type (iPadOS in desktop mode says Macintosh: a desktop).
  else client = /iPad/i.test(userAgent) ? 'pad' : 'desktop';
  if (recent.size >= 1000) recent.clear();
  recent.set(userAgent, client);
  return client;
}
