export * from './limits.js';
export * from './i18n.js';
export * from './result.js';
export * from './health.js';
export * from './enums.js';
export * from './routes.js';
export * from './format.js';
export * from './remember-me.js';
