import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LANGUAGE, type Language } from '@zhiwen/shared';

/** What code deep in a request may need without threading it through every call. */
export interface RequestContext {
  requestId: string;
  language: Language;
  /** Set while an Excel export is answered: list queries then return every row, not a page. */
  exporting?: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const requestContext = {
  run<T>(ctx: RequestContext, fn: () => T): T {
    return storage.run(ctx, fn);
  },
  get(): RequestContext | undefined {
    return storage.getStore();
  },
  language(): Language {
    return storage.getStore()?.language ?? DEFAULT_LANGUAGE;
  },
};
