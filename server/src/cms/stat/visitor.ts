import { createHmac } from 'node:crypto';
import { isBot } from 'ua-parser-js/bot-detection';

export { CLIENT_TYPES, clientTypeOf, type ClientType } from '../../common/http/client-type';

/**
 * Agents that are not people reading pages, besides those ua-parser-js knows as bots (crawlers, fetchers, command-line
 * tools, libraries): headless browsers, monitors, previews, and any agent naming itself a bot, spider or crawler.
 */
const BOT_PATTERN =
  /bot\b|bot\/|spider|crawl|slurp|headless|phantomjs|puppeteer|playwright|selenium|lighthouse|pingdom|uptime|monitor|preview|facebookexternalhit|curl\/|wget\/|python|java\/|go-http-client|okhttp|axios|node-fetch|undici|libwww|httpclient/i;

/** Whether a user agent belongs to a bot (an empty or missing agent does too). */
export function isBotAgent(userAgent: string): boolean {
  if (!userAgent.trim()) return true;
  return BOT_PATTERN.test(userAgent) || isBot(userAgent);
}

/**
 * The visitor's id for one day: an HMAC of address, agent and day under that day's secret (32 hex characters). The
 * same reader on the same day gets the same id; across days, or once the day's secret is gone, ids cannot be linked
 * or traced back to an address.
 */
export function visitorIdOf(secret: Buffer, ip: string, userAgent: string, day: string): string {
  return createHmac('sha256', secret).update(`${day}\n${ip}\n${userAgent}`).digest('hex').slice(0, 32);
}

/** The host of a referrer URL, lower case ('' when none or not http(s): a direct visit). */
export function referrerHostOf(referrer: string | undefined): string {
  if (!referrer) return '';
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return url.hostname.toLowerCase().slice(0, 255);
  } catch {
    return '';
  }
}
