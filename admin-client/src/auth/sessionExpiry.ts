/**
 * Spec 2.1 / 4: a call answered 401 while signed in opens the re-login dialog. Many calls can fail at once (a page
 * loads several lists); the flag makes that a single dialog and a single notification until the dialog has signed in
 * again or out.
 */
export interface SessionExpiry {
  isExpired(): boolean;
  /** Marks the session refused; listeners hear only the first call until `reset`. */
  expire(): void;
  /** The dialog is done (signed in again, or out). */
  reset(): void;
  subscribe(listener: () => void): () => void;
}

export function createSessionExpiry(): SessionExpiry {
  let expired = false;
  const listeners = new Set<() => void>();
  const emit = () => [...listeners].forEach((listener) => listener());
  return {
    isExpired: () => expired,
    expire() {
      if (expired) return;
      expired = true;
      emit();
    },
    reset() {
      if (!expired) return;
      expired = false;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The app's flag: set by the HTTP client, shown by ReloginDialog. */
export const sessionExpiry = createSessionExpiry();
