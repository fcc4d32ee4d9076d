import { useEffect, useSyncExternalStore } from 'react';
import { useLocaleState } from 'react-admin';
import { dictStore } from '../providers/dicts';
import type { LoadedDictChoice } from './dictStore';

const NONE: LoadedDictChoice[] = [];

/**
 * The choices of a server dictionary (`sys_notice_type`...), labels in the UI language; empty until loaded. For
 * inputs and fields pass `translateChoice={false}` / DictField's `translate={false}`: the labels are not i18n keys.
 */
export function useDict(type: string): LoadedDictChoice[] {
  const [locale] = useLocaleState();
  const choices = useSyncExternalStore(dictStore.subscribe, () => dictStore.peek(type) ?? NONE);
  useEffect(() => {
    // A new language or an invalidation empties the entry: (re)load it.
    if (!dictStore.peek(type)) dictStore.load(type).catch(() => undefined);
  }, [type, locale, choices]);
  return choices;
}
