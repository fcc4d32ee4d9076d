import { hash, verify } from '@node-rs/argon2';

/** argon2id hash of a password (the library's defaults: 19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Whether `password` matches a stored argon2 hash; a malformed hash never matches. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
