import { useSyncExternalStore } from 'react';
import { showToast } from '../app/toast/toastStore';
import { t } from '../app/messages';

export type AuthDialog = 'login' | 'register' | null;

type Listener = () => void;
const listeners = new Set<Listener>();
let dialog: AuthDialog = null;
/** Mounted dialog hosts (the layout's); none means the modal cannot open. */
let hosts = 0;
/** Spec 4: set while a login modal is being opened for a 401; cleared once it opens or fails. */
let loginModalShowing = false;

function set(next: AuthDialog): void {
  dialog = next;
  for (const listener of listeners) listener();
}

export const authDialogStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): AuthDialog => dialog,
};

export function useAuthDialog(): AuthDialog {
  return useSyncExternalStore(authDialogStore.subscribe, authDialogStore.snapshot, authDialogStore.snapshot);
}

/** Opens the login or register dialog (header buttons, links between the two). */
export function openAuthDialog(next: 'login' | 'register'): void {
  set(next);
}

export function closeAuthDialog(): void {
  set(null);
}

/** The host rendering the dialogs registers itself while mounted. */
export function registerDialogHost(): () => void {
  hosts++;
  return () => {
    hosts--;
  };
}

export function isLoginModalShowing(): boolean {
  return loginModalShowing;
}

/**
 * Opens the login modal for a 401. Several calls failing at once open it once: the flag is set until the modal
 * has opened (loginModalOpened) or failed to (no host: a message says so).
 */
export function requestLoginModal(): boolean {
  if (loginModalShowing || dialog === 'login') return false;
  loginModalShowing = true;
  if (hosts === 0) {
    loginModalShowing = false;
    showToast('error', t('login.modalFailed'));
    return false;
  }
  set('login');
  return true;
}

/** Called by the login dialog once it is on screen. */
export function loginModalOpened(): void {
  loginModalShowing = false;
}
