/** Registration is a page of the public site, outside this app's /admin base (the login screens link to it). */
export const REGISTER_URL = '/register';
