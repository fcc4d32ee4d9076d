import { Alert, Box, Card, CardContent, CardHeader, CircularProgress } from '@mui/material';
import { LAYOUT } from '@zhiwen/shared';
import { BooleanInput, SaveButton, SelectInput, SimpleForm, Title, Toolbar, useTranslate } from 'react-admin';
import { useApiData } from '../../components/useApiData';
import { useApiCall } from '../../components/useApiCall';
import { layoutStore, type LayoutSettings } from '../../layout/settings/layoutSettings';
import { httpClient } from '../../providers/httpClient';
import { layoutPreferences, mergePreferences, PREFERENCE_SWITCHES } from './preferences';

const SIDE_THEMES = [
  { id: 'theme-dark', name: 'app.layout.settings.dark' },
  { id: 'theme-light', name: 'app.layout.settings.light' },
];

/** The preset colours, plus the kept one when it is none of them. */
const themeColours = (current: string) => [...new Set<string>([...LAYOUT.themePresets, current])].map((colour) => ({ id: colour, name: colour }));

/** /user/preference (spec 2.4): the account's layout preferences, kept by the server and applied here once saved. */
export function PreferencePage() {
  const translate = useTranslate();
  const { data: stored, error, reload } = useApiData<Record<string, unknown>>('/system/user/preferences');
  const { run } = useApiCall();

  const save = async (settings: LayoutSettings) => {
    const preferences = mergePreferences(stored, settings);
    if (await run(() => httpClient.put('/system/user/preferences', { preferences }))) {
      layoutStore.set(layoutPreferences(preferences));
      layoutStore.save();
      reload();
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title={translate('app.layout.preference')} />
      <CardHeader title={translate('app.layout.preference')} subheader={translate('app.account.preference_hint')} />
      <CardContent>
        {stored ? (
          <SimpleForm
            key={JSON.stringify(stored)}
            record={{ id: 'preferences', ...layoutPreferences(stored) }}
            onSubmit={(values: Record<string, unknown>) => save(layoutPreferences(values))}
            toolbar={
              <Toolbar>
                <SaveButton />
              </Toolbar>
            }
          >
            <SelectInput source="sideTheme" label="app.layout.settings.side_theme" choices={SIDE_THEMES} />
            <SelectInput
              source="themeColor"
              label="app.layout.settings.theme_color"
              choices={themeColours(layoutPreferences(stored).themeColor)}
              translateChoice={false}
              optionText={(choice: { id: string }) => (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  <Box component="span" sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: choice.id }} />
                  {choice.id}
                </Box>
              )}
            />
            {PREFERENCE_SWITCHES.map((key) => (
              <BooleanInput key={key} source={key} label={`app.layout.settings.${key}`} />
            ))}
          </SimpleForm>
        ) : error ? (
          <Alert severity="error">{error.message}</Alert>
        ) : (
          <CircularProgress />
        )}
      </CardContent>
    </Card>
  );
}
