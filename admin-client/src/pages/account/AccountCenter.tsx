import { Alert, Box, Card, CardHeader, CircularProgress, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useApiData } from '../../components/useApiData';
import { BasicInfoForm } from './BasicInfoForm';
import { PasswordTab } from './PasswordTab';
import { ProfileCard } from './ProfileCard';
import type { Profile } from './profile';

type AccountTab = 'basic' | 'password';

/** Account center (/user/profile, spec 2.4): personal info on the left, basic info and password on the right. */
export function AccountCenter() {
  const translate = useTranslate();
  const { data: profile, error, reload } = useApiData<Profile>('/system/user/profile');
  const [tab, setTab] = useState<AccountTab>('basic');

  if (!profile) {
    return (
      <Box sx={{ mt: 2 }}>
        <Title title={translate('app.account.title')} />
        {error ? <Alert severity="error">{error.message}</Alert> : <CircularProgress />}
      </Box>
    );
  }

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 1fr) 2fr' }, alignItems: 'start' }}>
      <Title title={translate('app.account.title')} />
      <ProfileCard profile={profile} onChanged={reload} />
      <Card>
        <CardHeader title={translate('app.account.basic_info')} />
        <Tabs value={tab} onChange={(_, value: AccountTab) => setTab(value)} sx={{ px: 2 }}>
          <Tab value="basic" label={translate('app.account.basic_info')} />
          <Tab value="password" label={translate('app.account.password.title')} />
        </Tabs>
        {tab === 'basic' ? (
          // A new record after saving: the form starts again from what the server kept.
          <BasicInfoForm key={JSON.stringify(profile.user)} profile={profile} onSaved={reload} />
        ) : (
          <PasswordTab />
        )}
      </Card>
    </Box>
  );
}
