import { Box, Button, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router';

function ErrorPage({ code, messageKey }: { code: number; messageKey: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }} data-testid={`error-page-${code}`}>
      <Title title={String(code)} />
      <Typography variant="h2" color="text.secondary" gutterBottom>
        {code}
      </Typography>
      <Typography gutterBottom>{translate(messageKey)}</Typography>
      <Button component={Link} to="/" variant="contained" sx={{ mt: 2 }}>
        {translate('app.layout.back_home')}
      </Button>
    </Box>
  );
}

/** Unknown console path (react-admin's catch-all). */
export const NotFoundPage = () => <ErrorPage code={404} messageKey="app.layout.not_found_message" />;

/** A page the caller may not open. */
export const UnauthorizedPage = () => <ErrorPage code={401} messageKey="app.layout.unauthorized_message" />;
