import { Box, Button, Card, CardContent, CircularProgress, MenuItem, TextField, Typography } from '@mui/material';
import { LANGUAGES, LANGUAGE_LABELS, LAYOUT, type Language } from '@zhiwen/shared';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useLocaleState, useLogin, useNotify, useTranslate } from 'react-admin';
import { httpClient } from '../providers/httpClient';
import { loadCaptcha, type Captcha } from './captcha';

/** Staff sign-in (placeholder for the full page: remember me and register link come later). */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [locale, setLocale] = useLocaleState();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);

  const refreshCaptcha = useCallback(async () => {
    setCode('');
    setCaptcha(await loadCaptcha(httpClient));
  }, []);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!username.trim() || !password || (captcha && !code.trim())) return;
    setLoading(true);
    try {
      await login({ username: username.trim(), password, code: code.trim(), uuid: captcha?.uuid ?? '' });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'ra.auth.sign_in_error';
      // `_` shows a server msg as is; a message key (ra.auth.sign_in_error) is still translated.
      notify(message, { type: 'error', messageArgs: { _: message } });
      if (captcha) void refreshCaptcha();
    } finally {
      setLoading(false);
    }
  };

  const required = (value: string, key: string) => (submitted && !value.trim() ? translate(key) : undefined);

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #e8f1ff 0%, #f5f7fa 55%, #eef6f2 100%)',
      }}
    >
      <Card component="form" onSubmit={submit} noValidate sx={{ width: '100%', maxWidth: LAYOUT.loginDialogPx }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 4 }}>
          <Typography variant="h5" component="h1" align="center" sx={{ fontWeight: 600, mb: 1 }}>
            {translate('app.title')}
          </Typography>
          <TextField
            label={translate('app.login.username')}
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={!!required(username, 'app.login.username_required')}
            helperText={required(username, 'app.login.username_required')}
            disabled={loading}
          />
          <TextField
            label={translate('app.login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={!!required(password, 'app.login.password_required')}
            helperText={required(password, 'app.login.password_required')}
            disabled={loading}
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
                sx={{ flex: 1 }}
              />
              <Box
                component="img"
                src={captcha.src}
                alt={translate('app.login.code')}
                title={translate('app.login.captcha_refresh')}
                onClick={() => void refreshCaptcha()}
                sx={{ height: 56, width: 120, cursor: 'pointer', borderRadius: 1, border: '1px solid #dcdfe6' }}
              />
            </Box>
          )}
          <TextField
            select
            size="small"
            label={translate('app.language')}
            value={locale}
            // Switches in place; the i18n provider stores the choice, which is sent as Accept-Language.
            onChange={(e) => setLocale(e.target.value)}
          >
            {LANGUAGES.map((language: Language) => (
              <MenuItem key={language} value={language}>
                {LANGUAGE_LABELS[language]}
              </MenuItem>
            ))}
          </TextField>
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
        </CardContent>
      </Card>
    </Box>
  );
}
