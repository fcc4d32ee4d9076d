import { LANGUAGES, LANGUAGE_LABELS, type Language } from '@zhiwen/shared';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import en from './en';
import { cookieTokenStore } from '../providers/cookies';
import { getStoredLanguage, isLanguage, storeLanguage } from './language';
import zhCN from './zh-CN';
import zhTW from './zh-TW';

/** All message files are small, so they are bundled rather than loaded on demand. */
export const messages: Record<Language, TranslationMessages> = {
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  en,
};

/** `onChange` runs after every switch of language (login page selector or the app bar's menu). */
export function createI18nProvider(language: Language, onChange?: (language: Language) => void): I18nProvider {
  const provider = polyglotI18nProvider(
    (locale) => messages[locale as Language] ?? messages['zh-CN'],
    language,
    LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_LABELS[locale] })),
  );
  return {
    ...provider,
    changeLocale: async (locale, options) => {
      await provider.changeLocale(locale, options);
      if (isLanguage(locale)) onChange?.(locale);
    },
  };
}

/**
 * The app's provider. A switch is stored where the HTTP client reads Accept-Language. Signed in, the page then
 * reloads (spec 1), so the menu titles the server translates follow too; on the login page it switches in place.
 */
export const i18nProvider = createI18nProvider(getStoredLanguage(), (language) => {
  const changed = language !== getStoredLanguage();
  storeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (changed && cookieTokenStore.get() && typeof window !== 'undefined') window.location.reload();
});
