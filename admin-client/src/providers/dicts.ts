import { createDictStore } from '../components/dictStore';
import { getStoredLanguage } from '../i18n/language';
import { httpClient } from './httpClient';

/** The app's dictionary cache (per type and language); `useDict` reads it. */
export const dictStore = createDictStore((url) => httpClient.get(url), getStoredLanguage);

/** Whether a write to this resource may change dictionary entries or their labels (types, entries, translations). */
export const changesDicts = (resource: string) => resource === 'system/dict' || resource.startsWith('system/dict/') || resource === 'system/i18n';
