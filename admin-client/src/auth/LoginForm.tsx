import { Box, Button, Checkbox, CircularProgress, FormControlLabel, Link, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { captchaRequiredBy, loadCaptcha, type Captcha } from '../pages/captcha';
import { httpClient } from '../providers/httpClient';
import { REGISTER_URL } from './registration';
import { forgetLogin, loadRememberedLogin, rememberLogin } from './rememberMe';

export interface LoginFormProps {
  /** Router path (with query) to open after signing in; without it, react-admin's default (the page that asked, else home). */
  redirectTo?: string;
  /** Signing in again as a known account (the re-login dialog): the username is shown read-only. */
  fixedUsername?: string;
  /** Runs after a successful sign-in. */
  onSuccess?: () => void;
  /** Shown above the submit button (the login page's language selector). */
  extra?: ReactNode;
}

/**
 * Staff sign-in form of the login page and the re-login dialog (spec 2.5): account, password, captcha when it is
 * on or when a failed attempt answered `captchaRequired` (a failed attempt gets a new one), remember me, and the
 * register link when self-registration is open.
 */
export function LoginForm({ redirectTo, fixedUsername, onSuccess, extra }: LoginFormProps) {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [username, setUsername] = useState(fixedUsername ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [registerEnabled, setRegisterEnabled] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);

  // Set once a failed sign-in answered `captchaRequired`: the captcha is shown from then on, even while switched off.
  const [captchaRequired, setCaptchaRequired] = useState(false);

  const refreshCaptcha = useCallback(async (required = false) => {
    const screen = await loadCaptcha(httpClient, required);
    // Cleared with the new picture, not before it arrives: a code typed meanwhile would go out with the old uuid.
    setCode('');
    setCaptcha(screen.captcha);
    setRegisterEnabled(screen.registerEnabled);
  }, []);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  useEffect(() => {
    let live = true;
    // Fill in what was remembered, unless it belongs to another account or the user has started typing.
    void loadRememberedLogin().then((saved) => {
      if (!live || !saved || (fixedUsername && saved.username !== fixedUsername)) return;
      setUsername((typed) => typed || saved.username);
      setPassword((typed) => typed || saved.password);
      setRememberMe(true);
    });
    return () => {
      live = false;
    };
  }, [fixedUsername]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const account = username.trim();
    if (!account || !password || (captcha && !code.trim())) return;
    // Unticked: forget at once; ticked: remember only a sign-in that worked.
    if (!rememberMe) forgetLogin();
    setLoading(true);
    try {
      await login({ username: account, password, code: code.trim(), uuid: captcha?.uuid ?? '' }, redirectTo);
      if (rememberMe) await rememberLogin({ username: account, password });
      onSuccess?.();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'ra.auth.sign_in_error';
      // `_` shows a server msg as is; a message key (ra.auth.sign_in_error) is still translated.
      notify(message, { type: 'error', messageArgs: { _: message } });
      const required = captchaRequired || captchaRequiredBy(error);
      setCaptchaRequired(required);
      if (captcha || required) void refreshCaptcha(required);
    } finally {
      setLoading(false);
    }
  };

  const required = (value: string, key: string) => (submitted && !value.trim() ? translate(key) : undefined);

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextField
        label={translate('app.login.username')}
        name="username"
        autoComplete="username"
        autoFocus={!fixedUsername}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={!!required(username, 'app.login.username_required')}
        helperText={required(username, 'app.login.username_required')}
        disabled={loading}
        slotProps={{ htmlInput: { readOnly: !!fixedUsername, maxLength: 100 } }}
      />
      <TextField
        label={translate('app.login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        autoFocus={!!fixedUsername}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={!!required(password, 'app.login.password_required')}
        helperText={required(password, 'app.login.password_required')}
        disabled={loading}
        slotProps={{ htmlInput: { maxLength: 128 } }}
      />
      {captcha && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label={translate('app.login.code')}
            name="code"
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={!!required(code, 'app.login.code_required')}
            helperText={required(code, 'app.login.code_required')}
            disabled={loading}
            slotProps={{ htmlInput: { maxLength: 10 } }}
            sx={{ flex: 1 }}
          />
          <Box
            component="img"
            src={captcha.src}
            alt={translate('app.login.code')}
            title={translate('app.login.captcha_refresh')}
            onClick={() => void refreshCaptcha(captchaRequired)}
            sx={{ height: 56, width: 120, cursor: 'pointer', borderRadius: 1, border: '1px solid #dcdfe6' }}
          />
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: -1 }}>
        <FormControlLabel
          control={<Checkbox name="rememberMe" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} disabled={loading} />}
          label={translate('app.login.remember_me')}
        />
        {registerEnabled && (
          <Typography variant="body2" color="text.secondary">
            {translate('app.login.no_account')}
            {/* The public site's page: a full navigation, outside this app's router. */}
            <Link href={REGISTER_URL} underline="hover">
              {translate('app.login.register')}
            </Link>
          </Typography>
        )}
      </Box>
      {extra}
      <Button type="submit" variant="contained" size="large" disabled={loading}>
        {loading ? (
          <>
            <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />
            {translate('app.login.submitting')}
          </>
        ) : (
          translate('app.login.submit')
        )}
      </Button>
    </Box>
  );
}
