import type { EntityManager } from 'typeorm';
import { DEFAULT_LANGUAGE, type Language } from '@zhiwen/shared';

// Dictionary names and labels are stored once (the default-language text, also the fallback) and translated by
// `sys_i18n_dict` entries. These helpers keep the entries in step when staff edit a dictionary.

/**
 * Saves an edited label shown in `language`. Without any translation of `key`, only the stored text changes.
 * With translations, the caller's language entry takes the text (so the edit shows where it was made) and the
 * stored text follows only for the default language. Answers whether the stored text should change.
 */
export async function saveTranslatedText(manager: EntityManager, key: string, text: string, language: Language, userName: string): Promise<boolean> {
  const [{ count }] = await manager.query('SELECT count(*)::int AS count FROM sys_i18n_dict WHERE lang_key = $1', [key]);
  if (count === 0) return true;
  await manager.query(
    `INSERT INTO sys_i18n_dict (lang_tag, lang_key, lang_value, create_by, update_by) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (lang_tag, lang_key) DO UPDATE SET lang_value = EXCLUDED.lang_value, update_by = EXCLUDED.update_by, update_time = now()`,
    [language, key, text, userName],
  );
  return language === DEFAULT_LANGUAGE;
}

/** Moves the translations of one key to another (an entry's value or type changed); stale ones at the target go. */
export async function renameTranslationKey(manager: EntityManager, from: string, to: string): Promise<void> {
  if (from === to) return;
  await manager.query('DELETE FROM sys_i18n_dict WHERE lang_key = $1', [to]);
  await manager.query('UPDATE sys_i18n_dict SET lang_key = $2, update_time = now() WHERE lang_key = $1', [from, to]);
}

/** Moves every translation under a key prefix to another prefix (a dictionary type was renamed). */
export async function renameTranslationPrefix(manager: EntityManager, from: string, to: string): Promise<void> {
  if (from === to) return;
  await manager.query('DELETE FROM sys_i18n_dict WHERE left(lang_key, length($1)) = $1', [to]);
  await manager.query(
    `UPDATE sys_i18n_dict SET lang_key = $2 || substr(lang_key, length($1) + 1), update_time = now() WHERE left(lang_key, length($1)) = $1`,
    [from, to],
  );
}

/** Deletes translations of these keys and of every key under these prefixes. */
export async function deleteTranslations(manager: EntityManager, keys: string[], prefixes: string[] = []): Promise<void> {
  if (keys.length) await manager.query('DELETE FROM sys_i18n_dict WHERE lang_key = ANY($1::text[])', [keys]);
  for (const prefix of prefixes) await manager.query('DELETE FROM sys_i18n_dict WHERE left(lang_key, length($1)) = $1', [prefix]);
}
