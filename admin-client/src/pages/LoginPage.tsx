import { Box, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { LANGUAGES, LANGUAGE_LABELS, LAYOUT, type Language } from '@zhiwen/shared';
import { useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { LoginForm } from '../auth/LoginForm';
import { REDIRECT_PARAM, safeRedirect } from '../auth/redirect';

/** Staff sign-in page (spec 2.5): the login form with a language selector; `?redirect=` is followed after sign-in. */
export function LoginPage() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const [params] = useSearchParams();

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
      <Card sx={{ width: '100%', maxWidth: LAYOUT.loginDialogPx }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 4 }}>
          <Typography variant="h5" component="h1" align="center" sx={{ fontWeight: 600, mb: 1 }}>
            {translate('app.title')}
          </Typography>
          <LoginForm
            redirectTo={safeRedirect(params.get(REDIRECT_PARAM))}
            extra={
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
            }
          />
        </CardContent>
      </Card>
    </Box>
  );
}
