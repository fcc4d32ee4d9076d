import { fetchMemberInfo, logoutMember } from './api';
import { sessionStore } from './session';
import { tokenStore } from './token';

let loading: { token: string; promise: Promise<void> } | undefined;

/** Loads the signed-in member once per token (the header and the member home share the call). */
export function loadMember(): Promise<void> {
  const token = tokenStore.get();
  if (!token) return Promise.resolve();
  if (loading?.token === token) return loading.promise;
  const promise = fetchMemberInfo()
    .then((member) => {
      if (tokenStore.get() === token) sessionStore.setMember(member);
    })
    .catch(() => {
      /* shown by the client; a 401 has already opened the login modal */
    })
    .finally(() => {
      if (loading?.token === token) loading = undefined;
    });
  loading = { token, promise };
  return promise;
}

/** Fetches the member again (after a profile change or a WeChat binding). */
export function reloadMember(): Promise<void> {
  loading = undefined;
  return loadMember();
}

/** Keeps the token of a sign-in, registration or WeChat login and loads the member. */
export function startSession(token: string): Promise<void> {
  sessionStore.startSession(token);
  return loadMember();
}

/** Ends the session on the server (best effort) and here. */
export async function signOut(): Promise<void> {
  try {
    await logoutMember();
  } catch {
    /* the local sign-out happens anyway */
  }
  sessionStore.endSession();
}
