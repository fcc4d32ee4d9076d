/** The Vite dev server (pnpm dev), whose pages may talk to a page served by the API server and back. */
export const DEV_ORIGINS: readonly string[] = ['http://localhost:5173', 'http://127.0.0.1:5173'];

/** Messages are accepted only from the site's own origin and the local development host. */
export function isTrustedOrigin(origin: string, ownOrigin: string): boolean {
  return origin === ownOrigin || DEV_ORIGINS.includes(origin);
}

export const CALLBACK_MESSAGE_TYPE = 'zhiwen:wechat-callback';

/** What the callback page, loaded inside the QR widget's frame, tells the page around it. */
export interface CallbackMessage {
  type: typeof CALLBACK_MESSAGE_TYPE;
  code: string;
  state: string;
}

/** The callback message of `event`, or undefined when it is foreign or not one. */
export function readCallbackMessage(event: { origin: string; data: unknown }, ownOrigin: string): CallbackMessage | undefined {
  if (!isTrustedOrigin(event.origin, ownOrigin)) return undefined;
  const data = event.data as Partial<CallbackMessage> | null;
  if (!data || typeof data !== 'object' || data.type !== CALLBACK_MESSAGE_TYPE) return undefined;
  if (typeof data.code !== 'string' || typeof data.state !== 'string' || !data.code || !data.state) return undefined;
  return { type: CALLBACK_MESSAGE_TYPE, code: data.code, state: data.state };
}
