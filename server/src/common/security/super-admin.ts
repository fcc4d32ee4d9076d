/** The role key that makes a user super administrator (every permission). */
export const SUPER_ADMIN_ROLE = 'admin';
