import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import { KV_STORE, type KvStore } from '../common/cache/kv-store';
import type { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.token';
import type { LoginUser } from './login-user';

const PREFIX = 'session:staff:';
// Sliding the idle window costs a write; do it at most once a minute per session.
const TOUCH_EVERY_MS = 60_000;

interface TokenClaims {
  sid: string;
  realm: 'staff';
  sub: string;
}

/**
 * Server-side staff sessions in the shared store (Redis when configured), so a logout or force logout takes effect
 * on the next request on every instance. The JWT only names the session; the session decides.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(KV_STORE) private readonly store: KvStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Opens a session and returns its token. */
  async open(user: Omit<LoginUser, 'tokenId' | 'loginTime' | 'lastAccessTime' | 'expireAt' | 'realm'>): Promise<{ token: string; session: LoginUser }> {
    const now = Date.now();
    const session: LoginUser = {
      ...user,
      realm: 'staff',
      tokenId: randomUUID(),
      loginTime: now,
      lastAccessTime: now,
      expireAt: now + this.config.sessionMaxMs,
    };
    await this.save(session);
    const claims: TokenClaims = { sid: session.tokenId, realm: 'staff', sub: user.id };
    const token = await this.jwt.signAsync(claims, { expiresIn: Math.floor(this.config.sessionMaxMs / 1000) });
    return { token, session };
  }

  /** The live session a token names, or null (bad signature, expired, logged out, forced out, idle too long). */
  async resolve(token: string): Promise<LoginUser | null> {
    let claims: TokenClaims;
    try {
      claims = await this.jwt.verifyAsync<TokenClaims>(token);
    } catch {
      return null;
    }
    if (claims.realm !== 'staff' || !claims.sid) return null;
    const raw = await this.store.get(PREFIX + claims.sid);
    if (!raw) return null;
    const session = JSON.parse(raw) as LoginUser;
    const now = Date.now();
    if (session.expireAt <= now) {
      await this.close(session.tokenId);
      return null;
    }
    if (now - session.lastAccessTime > TOUCH_EVERY_MS) {
      session.lastAccessTime = now;
      await this.save(session);
    }
    return session;
  }

  async close(tokenId: string): Promise<void> {
    await this.store.del(PREFIX + tokenId);
  }

  /** Every live session (online users). */
  async list(): Promise<LoginUser[]> {
    const entries = await this.store.entries(PREFIX);
    return entries.map(([, value]) => JSON.parse(value) as LoginUser).sort((a, b) => b.loginTime - a.loginTime);
  }

  /** Rewrites the roles and permissions of every open session of the listed users (a role's menus changed). */
  async refreshAccess(userIds: Set<string>, access: (userId: string) => Promise<{ roles: string[]; permissions: string[] }>): Promise<void> {
    const cache = new Map<string, { roles: string[]; permissions: string[] }>();
    for (const session of await this.list()) {
      if (!userIds.has(session.id)) continue;
      if (!cache.has(session.id)) cache.set(session.id, await access(session.id));
      await this.save({ ...session, ...cache.get(session.id)! });
    }
  }

  /** Ends every session of a user (disabled, password reset, roles changed). */
  async closeAllOf(userId: string): Promise<number> {
    const mine = (await this.list()).filter((s) => s.id === userId);
    for (const s of mine) await this.close(s.tokenId);
    return mine.length;
  }

  private async save(session: LoginUser): Promise<void> {
    const ttl = Math.min(this.config.sessionIdleMs, session.expireAt - Date.now());
    await this.store.set(PREFIX + session.tokenId, JSON.stringify(session), Math.max(ttl, 1));
  }
}
