import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  FormDataConsumer,
  PasswordInput,
  regex,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useTranslate,
} from 'react-admin';
import { useApiCall } from '../../../components/useApiCall';
import { useApiData } from '../../../components/useApiData';
import { httpClient } from '../../../providers/httpClient';

/** What `GET /cms/site/storage/:siteId` answers (never the secret key). */
export interface SiteStorageView {
  driver: 'default' | 's3';
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKeySet: boolean;
  publicUrl: string;
  resourceBase: string;
  fileCount: number;
}

const DRIVERS = [
  { id: 'default', name: 'app.cms_site.storage_driver_default' },
  { id: 's3', name: 'app.cms_site.storage_driver_s3' },
];
const ENDPOINT = /^https?:\/\/[A-Za-z0-9.[\]:-]+\/?$/;
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const HTTP_URL_OR_EMPTY = /^(https?:\/\/\S+)?$/i;

/** The body of `PUT /cms/site/storage/:siteId`: only what the chosen driver needs; an empty secret keeps the stored one. */
export function storageBody(values: Record<string, unknown>): Record<string, unknown> {
  if (values.driver !== 's3') return { driver: 'default' };
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string).trim() : '');
  const body: Record<string, unknown> = {
    driver: 's3',
    endpoint: text('endpoint'),
    region: text('region'),
    bucket: text('bucket'),
    accessKey: text('accessKey'),
    publicUrl: text('publicUrl'),
  };
  if (text('secretKey')) body.secretKey = text('secretKey');
  return body;
}

/**
 * 存储: where the site's resources live. Changing it copies every resource file to the new place before switching;
 * the previous place keeps its files. Shown to holders of `cms:site:storage`.
 */
export function SiteStorageTab({ siteId }: { siteId: string }) {
  const translate = useTranslate();
  const { data, reload } = useApiData<SiteStorageView>(`/cms/site/storage/${encodeURIComponent(siteId)}`, {}, { notifyErrors: true });
  const { run, busy } = useApiCall({ refresh: false });
  const [pending, setPending] = useState<Record<string, unknown> | null>(null);
  if (!data) return null;
  const change = async () => {
    const body = pending;
    setPending(null);
    if (body && (await run(() => httpClient.put(`/cms/site/storage/${encodeURIComponent(siteId)}`, body)))) reload();
  };
  return (
    <Card>
      <CardContent>
        <Stack spacing={0.5}>
          <Typography variant="body2">
            {translate('app.cms_site.storage_current', {
              driver: translate(data.driver === 's3' ? 'app.cms_site.storage_driver_s3' : 'app.cms_site.storage_driver_default'),
              count: data.fileCount,
            })}
          </Typography>
          <Typography variant="body2">{translate('app.cms_site.storage_base', { base: data.resourceBase })}</Typography>
          <Alert severity="info">{translate('app.cms_site.storage_help')}</Alert>
        </Stack>
      </CardContent>
      <SimpleForm
        record={{ ...data, secretKey: '' }}
        onSubmit={(values: Record<string, unknown>) => setPending(storageBody(values))}
        toolbar={
          <Toolbar>
            <SaveButton alwaysEnable disabled={busy} label="app.cms_site.storage_save" />
          </Toolbar>
        }
      >
        <SelectInput source="driver" label="app.cms_site.storage_driver" choices={DRIVERS} validate={required()} />
        <FormDataConsumer<{ driver?: string }>>
          {({ formData }) =>
            formData.driver === 's3' ? (
              <>
                <TextInput
                  source="endpoint"
                  label="app.cms_site.storage_endpoint"
                  helperText="app.cms_site.storage_endpoint_help"
                  validate={[required(), regex(ENDPOINT, 'app.cms_site.storage_endpoint_help')]}
                  fullWidth
                />
                <TextInput source="region" label="app.cms_site.storage_region" helperText="app.cms_site.storage_region_help" />
                <TextInput
                  source="bucket"
                  label="app.cms_site.storage_bucket"
                  validate={[required(), regex(BUCKET, 'app.cms_site.storage_bucket_help')]}
                />
                <TextInput source="accessKey" label="app.cms_site.storage_accessKey" validate={required()} autoComplete="off" />
                <PasswordInput
                  source="secretKey"
                  label="app.cms_site.storage_secretKey"
                  helperText={data.secretKeySet ? 'app.cms_site.storage_secretKey_kept' : false}
                  validate={data.secretKeySet ? undefined : required()}
                  autoComplete="new-password"
                />
                <TextInput
                  source="publicUrl"
                  label="app.cms_site.storage_publicUrl"
                  helperText="app.cms_site.storage_publicUrl_help"
                  validate={regex(HTTP_URL_OR_EMPTY, 'app.cms_site.storage_publicUrl_help')}
                  fullWidth
                />
              </>
            ) : null
          }
        </FormDataConsumer>
      </SimpleForm>
      <Confirm
        isOpen={pending !== null}
        title="app.cms_site.storage_confirm_title"
        content={translate('app.cms_site.storage_confirm', { count: data.fileCount })}
        onConfirm={() => void change()}
        onClose={() => setPending(null)}
      />
    </Card>
  );
}
