/** Injection token of the resolved AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
