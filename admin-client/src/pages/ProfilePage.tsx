import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';

/** Account center placeholder (/user/profile): who is signed in, with which roles and permissions. */
export function ProfilePage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<{ roles: string[]; permissions: string[] }>();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.profile.title')} />
      <CardContent>
        {!identity ? (
          <Typography color="text.secondary">{translate('app.profile.unavailable')}</Typography>
        ) : (
          <Stack spacing={2}>
            <Typography>
              {translate('app.profile.user_name')}: {identity.fullName ?? identity.id}
            </Typography>
            {(['roles', 'permissions'] as const).map((kind) => (
              <Stack key={kind} direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                <Typography>{translate(`app.profile.${kind}`)}:</Typography>
                {(permissions?.[kind] ?? []).map((item) => (
                  <Chip key={item} label={item} size="small" />
                ))}
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
