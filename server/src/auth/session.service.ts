import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import { KV_STORE, type KvStore } from '../common/cache/kv-store';
import type { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.token';
import type { AnySession, LoginUser, MemberSession } from './login-user';

/** Staff (back office) and members (public site) sign in separately; a token belongs to exactly one realm. */
export type Realm = AnySession['realm'];

const PREFIX: Record<Realm, string> = { staff: 'session:staff:', member: 'session:member:' };
// Sliding the idle window costs a write; do it at most once a minute per session.
const TOUCH_EVERY_MS = 60_000;

/**
 * What a token may do: everything its session may (`full`, the token a sign-in gives), or only what page script of a
 * published site may do in the member's name (`page`: comment, like, vote), on routes marked `@AcceptPageToken()`.
 */
export type TokenScope = 'full' | 'page';

interface TokenClaims {
  sid: string;
  realm: Realm;
  sub: string;
  /** Absent on full tokens. */
  scope?: 'page';
}

/** Longest life of a page token (it names the member's session too, so it ends with it at the latest). */
export const PAGE_TOKEN_MAX_MS = 2 * 3600_000;

type SessionTimes = 'tokenId' | 'loginTime' | 'lastAccessTime' | 'expireAt' | 'realm';

/**
 * Claims of tokens whose signature was checked, by the whole token, until the token expires: a client sends the same
 * token with every request, and checking its HMAC each time is a measurable share of a list request's CPU. Only the
 * signature check is skipped; the session is read on every request, so a sign-out still ends the token at once.
 */
class VerifiedTokens {
  private static readonly MAX = 10_000;
  private readonly claims = new Map<string, { claims: TokenClaims; expiresAt: number }>();

  get(token: string): TokenClaims | undefined {
    const entry = this.claims.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry.claims;
    this.claims.delete(token);
    return undefined;
  }

  set(token: string, claims: TokenClaims & { exp?: number }): void {
    if (!claims.exp) return;
    if (this.claims.size >= VerifiedTokens.MAX) this.claims.clear();
    this.claims.set(token, { claims, expiresAt: claims.exp * 1000 });
  }
}

/**
 * Server-side sessions in the shared store (Redis when configured), so a logout or force logout takes effect
 * on the next request on every instance. The JWT only names the session and its realm; the session decides.
 * Methods without a realm argument concern staff sessions.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(KV_STORE) private readonly store: KvStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private readonly verified = new VerifiedTokens();

  /** Opens a staff session and returns its token. */
  open(user: Omit<LoginUser, SessionTimes>): Promise<{ token: string; session: LoginUser }> {
    return this.openIn<LoginUser>({ ...user, realm: 'staff' });
  }

  /** Opens a member session and returns its token. */
  openMember(member: Omit<MemberSession, SessionTimes>): Promise<{ token: string; session: MemberSession }> {
    return this.openIn<MemberSession>({ ...member, realm: 'member' });
  }

  private async openIn<S extends AnySession>(fields: Omit<S, Exclude<SessionTimes, 'realm'>>): Promise<{ token: string; session: S }> {
    const now = Date.now();
    const session = { ...fields, tokenId: randomUUID(), loginTime: now, lastAccessTime: now, expireAt: now + this.config.sessionMaxMs } as S;
    await this.save(session);
    const claims: TokenClaims = { sid: session.tokenId, realm: session.realm, sub: session.id };
    const token = await this.jwt.signAsync(claims, { expiresIn: Math.floor(this.config.sessionMaxMs / 1000) });
    return { token, session };
  }

  /**
   * A page token of a member session: a token that names the same session (so a sign-out or a disabled account ends
   * it too) but that only routes marked `@AcceptPageToken()` accept, for page script of published sites.
   */
  async openPageToken(session: MemberSession): Promise<{ token: string; expiresAt: number }> {
    const expiresAt = Math.min(session.expireAt, Date.now() + PAGE_TOKEN_MAX_MS);
    const claims: TokenClaims = { sid: session.tokenId, realm: 'member', sub: session.id, scope: 'page' };
    const token = await this.jwt.signAsync(claims, { expiresIn: Math.max(1, Math.floor((expiresAt - Date.now()) / 1000)) });
    return { token, expiresAt };
  }

  /** The live session a full token names, of whichever realm, or null (bad signature, expired, logged out, forced out, idle too long, a page token). */
  async resolve(token: string): Promise<AnySession | null> {
    const found = await this.resolveScoped(token);
    return found?.scope === 'full' ? found.session : null;
  }

  /** The live session a token names and the token's scope, or null. */
  async resolveScoped(token: string): Promise<{ session: AnySession; scope: TokenScope } | null> {
    let claims = this.verified.get(token);
    if (!claims) {
      try {
        claims = await this.jwt.verifyAsync<TokenClaims & { exp?: number }>(token);
      } catch {
        return null;
      }
      this.verified.set(token, claims);
    }
    if (!claims.sid || !Object.hasOwn(PREFIX, claims.realm)) return null;
    // Only member sessions hand out page tokens; anything else claiming a scope is refused.
    if (claims.scope !== undefined && !(claims.scope === 'page' && claims.realm === 'member')) return null;
    const raw = await this.store.get(PREFIX[claims.realm] + claims.sid);
    if (!raw) return null;
    const session = JSON.parse(raw) as AnySession;
    // The store key already implies the realm; a mismatch could only come from a forged or corrupted entry.
    if (session.realm !== claims.realm) return null;
    const now = Date.now();
    if (session.expireAt <= now) {
      await this.close(session.tokenId, session.realm);
      return null;
    }
    if (now - session.lastAccessTime > TOUCH_EVERY_MS) {
      session.lastAccessTime = now;
      await this.save(session);
    }
    return { session, scope: claims.scope ?? 'full' };
  }

  async close(tokenId: string, realm: Realm = 'staff'): Promise<void> {
    await this.store.del(PREFIX[realm] + tokenId);
  }

  /** Every live staff session (online users). */
  async list(): Promise<LoginUser[]> {
    return this.listIn<LoginUser>('staff');
  }

  private async listIn<S extends AnySession>(realm: Realm): Promise<S[]> {
    const entries = await this.store.entries(PREFIX[realm]);
    return entries.map(([, value]) => JSON.parse(value) as S).sort((a, b) => b.loginTime - a.loginTime);
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

  /**
   * Ends every session of a user or member (disabled, password reset, roles changed, deleted); with `exceptTokenId`,
   * all but that one (the account changed its own password in it).
   */
  async closeAllOf(id: string, realm: Realm = 'staff', exceptTokenId?: string): Promise<number> {
    const mine = (await this.listIn(realm)).filter((s) => s.id === id && s.tokenId !== exceptTokenId);
    for (const s of mine) await this.close(s.tokenId, realm);
    return mine.length;
  }

  private async save(session: AnySession): Promise<void> {
    const ttl = Math.min(this.config.sessionIdleMs, session.expireAt - Date.now());
    await this.store.set(PREFIX[session.realm] + session.tokenId, JSON.stringify(session), Math.max(ttl, 1));
  }
}
