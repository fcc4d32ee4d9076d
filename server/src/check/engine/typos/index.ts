// Public surface of the error-prone words (易错词) stage.
export * from './dictionary';
export { SEEDED_ALLOWED, SEEDED_TYPOS } from './seed';
