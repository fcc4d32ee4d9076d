import { Box, Stack, Typography } from '@mui/material';
import { RESOURCE_KNOWN_EXTS, RESOURCE_SETTING_BOUNDS as B, WATERMARK_POSITIONS } from '@zhiwen/shared';
import { useEffect, useState } from 'react';
import {
  BooleanInput,
  CheckboxGroupInput,
  FormDataConsumer,
  maxLength,
  NumberInput,
  SelectInput,
  TextInput,
  useInput,
  useTranslate,
} from 'react-admin';
import { PickFromLibraryButton } from './MaterialPicker';
import type { ResourceRow } from './resource';
import { resourceApi } from './resourceApi';
import { ResourcePreview } from './ResourcePreview';

type Check = (value: unknown, values: Record<string, unknown>) => string | { message: string; args: Record<string, unknown> } | undefined;

/** A whole number in [min, max] (the message names the range). */
const intRange =
  (min: number, max: number): Check =>
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? undefined
      : { message: 'app.cms_resource.settings_int_range', args: { min, max } };

const opacityRange: Check = (value) =>
  typeof value === 'number' && value >= B.minOpacity && value <= B.maxOpacity
    ? undefined
    : { message: 'app.cms_resource.settings_opacity_range', args: {} };

const watermarkOn = (values: Record<string, unknown>) => !!(values.watermark as { enabled?: boolean } | undefined)?.enabled;
const watermarkKind = (values: Record<string, unknown>) => (values.watermark as { kind?: string } | undefined)?.kind;

/** Only checked while the watermark is on: a text watermark needs its text. */
const textWhenTextMark: Check = (value, values) =>
  watermarkOn(values) && watermarkKind(values) === 'text' && !String(value ?? '').trim()
    ? 'app.cms_resource.settings_watermark_text_required'
    : undefined;

const imageWhenImageMark: Check = (value, values) =>
  watermarkOn(values) && watermarkKind(values) === 'image' && !value ? 'app.cms_resource.settings_watermark_image_required' : undefined;

const colorCheck: Check = (value) =>
  !value || /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(String(value)) ? undefined : 'app.cms_resource.settings_color_format';

const extsCheck: Check = (value) => (Array.isArray(value) && value.length ? undefined : 'app.cms_resource.settings_exts_required');

/** The watermark image: picked from the edited site's library; shows its thumbnail. */
function WatermarkImageInput({ siteId }: { siteId: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: 'watermark.imageResourceId', validate: imageWhenImageMark });
  const [row, setRow] = useState<ResourceRow>();
  const id = String(field.value ?? '');
  useEffect(() => {
    if (!id || row?.resourceId === id) return;
    let live = true;
    resourceApi(siteId)
      .get(id)
      .then((r) => live && r && setRow(r))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id, row?.resourceId, siteId]);
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {translate('app.cms_resource.settings_watermark_image')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {id && row ? <ResourcePreview row={row} size={64} /> : null}
        <Typography variant="body2" color="text.secondary">
          {id ? (row?.name ?? `#${id}`) : translate('app.cms_resource.settings_watermark_image_none')}
        </Typography>
        <PickFromLibraryButton
          size="small"
          kinds={['image']}
          siteId={siteId}
          onPick={([picked]) => {
            if (!picked) return;
            setRow(picked);
            field.onChange(picked.resourceId);
          }}
        />
      </Stack>
      {fieldState.error?.message ? (
        <Typography variant="caption" color="error" role="alert">
          {translate(fieldState.error.message)}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The resource settings of a site's 扩展设置 tab: upload limits, thumbnails, watermark, remote images. The number
 * inputs carry no min/max/step attributes: the browser's own check would stop the submit with its message, while
 * ours names the allowed range in the UI language.
 */
export function ResourceSettingsInputs({ siteId }: { siteId: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {translate('app.cms_resource.settings_upload')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <NumberInput source="uploadMaxCount" label="app.cms_resource.settings_uploadMaxCount" validate={intRange(B.minCount, B.maxCount)} />
        <NumberInput source="uploadMaxSizeMb" label="app.cms_resource.settings_uploadMaxSizeMb" validate={intRange(B.minSizeMb, B.maxSizeMb)} />
        <NumberInput source="imageMaxSizeMb" label="app.cms_resource.settings_imageMaxSizeMb" validate={intRange(B.minSizeMb, B.maxSizeMb)} />
      </Stack>
      <CheckboxGroupInput
        source="uploadAllowedExts"
        label="app.cms_resource.settings_uploadAllowedExts"
        choices={RESOURCE_KNOWN_EXTS.map((e) => ({ id: e, name: e }))}
        translateChoice={false}
        validate={extsCheck}
        row
      />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {translate('app.cms_resource.settings_thumbnail')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <NumberInput
          source="thumbnailWidth"
          label="app.cms_resource.settings_thumbnailWidth"
          helperText="app.cms_resource.settings_thumbnail_help"
          validate={intRange(B.minThumbnail, B.maxThumbnail)}
        />
        <NumberInput
          source="thumbnailHeight"
          label="app.cms_resource.settings_thumbnailHeight"
          helperText="app.cms_resource.settings_thumbnail_help"
          validate={intRange(B.minThumbnail, B.maxThumbnail)}
        />
      </Stack>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {translate('app.cms_resource.settings_watermark')}
      </Typography>
      <BooleanInput source="watermark.enabled" label="app.cms_resource.settings_watermark_enabled" />
      <FormDataConsumer>
        {({ formData }) =>
          watermarkOn(formData) ? (
            <Stack spacing={0}>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <SelectInput
                  source="watermark.kind"
                  label="app.cms_resource.settings_watermark_kind"
                  choices={[
                    { id: 'text', name: 'app.cms_resource.settings_watermark_kind_text' },
                    { id: 'image', name: 'app.cms_resource.settings_watermark_kind_image' },
                  ]}
                />
                <SelectInput
                  source="watermark.position"
                  label="app.cms_resource.settings_watermark_position"
                  choices={WATERMARK_POSITIONS.map((p) => ({ id: p, name: `app.cms_resource.settings_position_${p.replace('-', '_')}` }))}
                />
                <NumberInput
                  source="watermark.opacity"
                  label="app.cms_resource.settings_watermark_opacity"
                  helperText="app.cms_resource.settings_opacity_help"
                  validate={opacityRange}
                />
              </Stack>
              {watermarkKind(formData) === 'image' ? (
                <WatermarkImageInput siteId={siteId} />
              ) : (
                <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                  <TextInput
                    source="watermark.text"
                    label="app.cms_resource.settings_watermark_text"
                    validate={[textWhenTextMark, maxLength(B.maxWatermarkText)]}
                  />
                  <NumberInput
                    source="watermark.fontSize"
                    label="app.cms_resource.settings_watermark_fontSize"
                    validate={intRange(B.minFontSize, B.maxFontSize)}
                  />
                  <TextInput
                    source="watermark.color"
                    label="app.cms_resource.settings_watermark_color"
                    helperText="app.cms_resource.settings_color_help"
                    validate={colorCheck}
                  />
                </Stack>
              )}
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 1 }}>
                <NumberInput
                  source="watermark.width"
                  label="app.cms_resource.settings_watermark_width"
                  helperText="app.cms_resource.settings_watermark_size_help"
                  validate={intRange(B.minWatermark, B.maxWatermark)}
                />
                <NumberInput
                  source="watermark.height"
                  label="app.cms_resource.settings_watermark_height"
                  helperText="app.cms_resource.settings_watermark_size_help"
                  validate={intRange(B.minWatermark, B.maxWatermark)}
                />
              </Stack>
            </Stack>
          ) : null
        }
      </FormDataConsumer>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {translate('app.cms_resource.settings_remote')}
      </Typography>
      <BooleanInput
        source="remoteImageDownload"
        label="app.cms_resource.settings_remoteImageDownload"
        helperText="app.cms_resource.settings_remote_help"
      />
    </Box>
  );
}
