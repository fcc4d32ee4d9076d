/** The signed-in staff member of a request, as kept in the server-side session. */
export interface LoginUser {
  realm: 'staff';
  /** The user id (sys_user.user_id). */
  id: string;
  tokenId: string;
  userName: string;
  nickName: string;
  deptId: string | null;
  deptName: string;
  roles: string[];
  permissions: string[];
  ipaddr: string;
  browser: string;
  os: string;
  loginTime: number;
  lastAccessTime: number;
  /** End of the token's absolute lifetime (ms since epoch). */
  expireAt: number;
}

/**
 * A signed-in member of the public site (realm 'member'). Members and staff are separate realms: a member session
 * never reaches `req.user`, so no staff route can see one.
 */
export interface MemberSession {
  realm: 'member';
  /** The member id (member_user.member_id). */
  id: string;
  tokenId: string;
  userName: string;
  nickName: string;
  ipaddr: string;
  browser: string;
  os: string;
  loginTime: number;
  lastAccessTime: number;
  expireAt: number;
}

/** A session of either realm, as the session store keeps it. */
export type AnySession = LoginUser | MemberSession;

declare module 'express' {
  interface Request {
    /** The staff session of the request (staff routes). */
    user?: LoginUser;
    /** The member session of the request (member routes). */
    member?: MemberSession;
  }
}
