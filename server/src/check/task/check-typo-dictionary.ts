// Where a check task gets its error-prone words (易错词) for the report's 疑似错别字 section. Today: the seeded list of
// the check engine. The CMS words module (issue 20) replaces it by providing CHECK_TYPO_DICTIONARY with its error-prone
// words (`TypoWords`: a version that changes with the list, the entries, the whitelist); nothing else changes.
import { seededTypoDictionary, type TypoDictionary } from '../engine/typos';

/** Injection token of the `TypoDictionary` the check tasks use. */
export const CHECK_TYPO_DICTIONARY = Symbol('CHECK_TYPO_DICTIONARY');

/** The default provider: the seeded list. */
export const seededTypoDictionaryProvider = { provide: CHECK_TYPO_DICTIONARY, useValue: seededTypoDictionary as TypoDictionary };
