import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { LAYOUT, MESSAGE_DURATION_MS } from '@zhiwen/shared';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useGetIdentity, useLogout, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useLocation } from 'react-router';
import { LoginForm } from './LoginForm';
import { loginPathFor } from './redirect';
import { sessionExpiry } from './sessionExpiry';

/**
 * Spec 2.1 / 2.5: when a call is answered 401 while signed in, this dialog (400 px) asks to sign in again, over the
 * page. Signed in, the user stays on the page kept when the session was refused and its data is loaded afresh;
 * "log out" goes to the login page, which comes back to that page afterwards. Mounted once in the layout.
 */
export function ReloginDialog() {
  const expired = useSyncExternalStore(sessionExpiry.subscribe, sessionExpiry.isExpired, sessionExpiry.isExpired);
  return expired ? <OpenReloginDialog /> : null;
}

function OpenReloginDialog() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const logout = useLogout();
  const location = useLocation();
  // Kept from before the 401, so the user can still be told who to sign in as.
  const { identity } = useGetIdentity();
  // The page to come back to: path plus query when the session was refused.
  const [kept] = useState(() => `${location.pathname}${location.search}`);
  const [leaving, setLeaving] = useState(false);
  const notified = useRef(false);

  useEffect(() => {
    if (notified.current) return; // once per refusal (StrictMode runs effects twice)
    notified.current = true;
    notify('app.login.unauthorized', { type: 'error', autoHideDuration: MESSAGE_DURATION_MS });
  }, [notify]);

  const signedIn = () => {
    sessionExpiry.reset();
    refresh(); // every query again, with the new token
  };

  const signOut = async () => {
    setLeaving(true);
    try {
      await logout({}, loginPathFor(kept));
    } finally {
      sessionExpiry.reset();
    }
  };

  const userName = typeof identity?.userName === 'string' && identity.userName ? identity.userName : undefined;

  return (
    // No onClose: neither Escape nor the backdrop dismisses it; the user signs in again or out.
    <Dialog open aria-labelledby="relogin-title" slotProps={{ paper: { sx: { width: LAYOUT.loginDialogPx, maxWidth: 'calc(100% - 32px)' } } }}>
      <DialogTitle id="relogin-title">{translate('app.login.relogin_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('app.login.relogin_message')}</DialogContentText>
        <LoginForm fixedUsername={userName} redirectTo={kept} onSuccess={signedIn} />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void signOut()} disabled={leaving}>
          {translate('app.login.relogin_logout')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
