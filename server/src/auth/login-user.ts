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

declare module 'express' {
  interface Request {
    user?: LoginUser;
  }
}
