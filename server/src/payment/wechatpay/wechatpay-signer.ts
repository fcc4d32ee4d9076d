import crypto from 'node:crypto';

/**
 * The cryptography of WeChat Pay API v3, written from its public documentation with node:crypto only: request
 * signatures (SHA256withRSA over method, path, timestamp, nonce and body), answer and notification signatures
 * (over timestamp, nonce and body), and AEAD_AES_256_GCM with the APIv3 key (notifications, platform certificates).
 */

export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/** A random nonce of 32 characters [0-9A-Z], as WeChat's own SDKs make them. */
export function nonceStr(): string {
  return crypto.randomBytes(16).toString('hex').toUpperCase();
}

/** Unix seconds, the unit of every WeChat timestamp. */
export function unixSeconds(now = Date.now()): string {
  return String(Math.floor(now / 1000));
}

/** base64 SHA256withRSA of `lines` joined, each ended by "\n". */
export function rsaSign(privateKey: crypto.KeyObject | string, lines: readonly string[]): string {
  return crypto.sign('sha256', Buffer.from(lines.map((l) => `${l}\n`).join(''), 'utf8'), privateKey).toString('base64');
}

/** Checks a base64 SHA256withRSA signature of `lines`; false (never throws) for anything malformed. */
export function rsaVerify(publicKey: crypto.KeyObject | string, lines: readonly string[], signature: string): boolean {
  try {
    return crypto.verify('sha256', Buffer.from(lines.map((l) => `${l}\n`).join(''), 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** The Authorization header of one request. `pathWithQuery` is the URL from its path on, exactly as sent. */
export function authorization(
  merchant: { mchId: string; serialNo: string; privateKey: crypto.KeyObject | string },
  method: string,
  pathWithQuery: string,
  body: string,
  timestamp = unixSeconds(),
  nonce = nonceStr(),
): string {
  const signature = rsaSign(merchant.privateKey, [method.toUpperCase(), pathWithQuery, timestamp, nonce, body]);
  return `${AUTH_SCHEME} mchid="${merchant.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.serialNo}"`;
}

/** The AEAD_AES_256_GCM box WeChat encrypts notification resources and platform certificates in. */
export interface AeadBox {
  algorithm?: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

/** Opens an AEAD_AES_256_GCM box (ciphertext = base64 of encrypted bytes followed by the 16-byte tag); throws when it does not open. */
export function aeadDecrypt(apiV3Key: string, box: AeadBox): string {
  if (box.algorithm && box.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unsupported algorithm ${box.algorithm}`);
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('the APIv3 key must be 32 bytes');
  const data = Buffer.from(box.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(box.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(box.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** Case-insensitive header lookup over Node's or fetch's headers (first value of a repeated header). */
export function headerOf(headers: Record<string, string | string[] | undefined> | Headers, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** The four headers WeChat signs an answer or notification with. */
export interface SignedHeaders {
  timestamp: string;
  nonce: string;
  signature: string;
  serial: string;
}

export function signedHeadersOf(headers: Record<string, string | string[] | undefined> | Headers): SignedHeaders | undefined {
  const timestamp = headerOf(headers, 'wechatpay-timestamp');
  const nonce = headerOf(headers, 'wechatpay-nonce');
  const signature = headerOf(headers, 'wechatpay-signature');
  const serial = headerOf(headers, 'wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial) return undefined;
  return { timestamp, nonce, signature, serial };
}
