import { useSyncExternalStore } from 'react';
import { tokenStore } from './token';

/** `GET /member/info` → `user` (docs/members.md). */
export interface MemberProfile {
  memberId: string;
  userName: string;
  nickName: string;
  phonenumber: string;
  email: string;
  birthday: string | null;
  sex: string;
  avatar: string;
  avatarSrc: string;
  source: string;
  registerTime: string;
  loginDate: string | null;
  loginIp: string;
  level: number;
  levelName: string;
  exp: number;
  nextLevelExp: number | null;
  inviteCode: string;
  wechatBound: boolean;
  hasPassword: boolean;
}

export interface SessionState {
  /** A token is kept (the member may still be unknown until GET /member/info answers). */
  signedIn: boolean;
  member?: MemberProfile;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: SessionState = { signedIn: Boolean(tokenStore.get()) };

function update(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): SessionState => state,
  /** Re-reads the token cookie (another tab may have signed in or out). */
  sync(): void {
    const signedIn = Boolean(tokenStore.get());
    if (signedIn !== state.signedIn) update(signedIn ? { signedIn } : { signedIn: false });
  },
  startSession(token: string): void {
    tokenStore.set(token);
    update({ signedIn: true });
  },
  setMember(member: MemberProfile): void {
    update({ signedIn: true, member });
  },
  endSession(): void {
    tokenStore.remove();
    update({ signedIn: false });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.snapshot, sessionStore.snapshot);
}
