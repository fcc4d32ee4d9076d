import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import LockIcon from '@mui/icons-material/Lock';
import PreviewIcon from '@mui/icons-material/Preview';
import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/Save';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Alert,
  Autocomplete,
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  IconButton,
  LinearProgress,
  List as MuiList,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { TemplateDatalist, useTemplatePaths } from '../template/TemplateOptions';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router';
import { ExtendFields } from '../exmodel/ExtendFields';
import type { PageResult } from '@zhiwen/shared';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { startPublishPolling, usePipes } from '../catalog/CatalogScreens';
import { PickFromLibraryButton, usePickerPermissions } from '../resource/MaterialPicker';
import type { ResourceRow } from '../resource/resource';
import { ErrorProneCheckButton } from '../../word/errorproneword/ErrorProneCheckButton';
import { TagWordSuggestInput } from '../../word/tagword/TagWordSuggestInput';
import {
  contentBody,
  contentFormError,
  editorPath,
  fromLocalInput,
  IMAGE_ACCEPT,
  isContentType,
  isValidEmbedCode,
  lockedByOther,
  moveItem,
  toLocalInput,
  type ContentForm,
  type MediaItem,
  type VideoItem,
} from './content';

/** Quill is heavy: its own chunk, loaded only when an article is edited. */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

interface Uploaded {
  url: string;
  path: string;
}

/** `POST /cms/content/upload/image|media`: stores an image, or an audio or video file, in the current site's resources. */
async function uploadResource(file: File, kind: 'image' | 'media' = 'image'): Promise<Uploaded> {
  const data = new FormData();
  data.append('file', file);
  const { data: uploaded } = await httpClient.post<Uploaded>(`/cms/content/upload/${kind}`, data);
  if (!uploaded?.url) throw new Error('upload answered no file');
  return uploaded;
}

/** Audio and video files the media upload takes (the server checks the content again). */
const MEDIA_ACCEPT = '.mp3,.ogg,.wav,.m4a,.mp4,.webm,audio/*,video/*';

/** Picks one audio or video file and hands it over for upload. */
function MediaUploadButton({ label, onFile }: { label: string; onFile: (file: File) => void }) {
  return (
    <MuiButton component="label" size="small" sx={{ alignSelf: 'flex-start' }}>
      {label}
      <input
        hidden
        type="file"
        accept={MEDIA_ACCEPT}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </MuiButton>
  );
}

/** A titled block of the form. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {title}
        </Typography>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

/** A file button that hands the picked files over. */
function UploadButton({
  label,
  multiple,
  disabled,
  onFiles,
}: {
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <MuiButton variant="outlined" startIcon={<UploadIcon />} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </MuiButton>
      <input
        ref={input}
        type="file"
        hidden
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        aria-label={label}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}

/** Tags or keywords as chips: type and press Enter to add. */
function ChipsInput({ label, value, disabled, onChange }: { label: string; value: string[]; disabled: boolean; onChange: (v: string[]) => void }) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[] as string[]}
      value={value}
      disabled={disabled}
      onChange={(_, v) => onChange([...new Set(v.map((s) => String(s).trim()).filter(Boolean))])}
      renderValue={(items, getItemProps) => items.map((item, index) => <Chip size="small" label={item} {...getItemProps({ index })} key={item} />)}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

/** Related content: search the site's content by title and add; remove. Saved content changes through /rela at once. */
function RelatedContent({ form, disabled, onChangeNew }: { form: ContentForm; disabled: boolean; onChangeNew: (ids: string[]) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [related, setRelated] = useState<{ contentId: string; title: string }[]>([]);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<{ contentId: string; title: string }[]>();
  const contentId = form.contentId;
  useEffect(() => {
    if (!contentId) return;
    httpClient
      .get<PageResult<{ contentId: string; title: string }>>('/cms/content/rela', { contentId, pageNum: 1, pageSize: 100 })
      .then((r) => setRelated(r.data?.rows ?? []))
      .catch(() => setRelated([]));
  }, [contentId]);
  const search = async () => {
    try {
      const r = await httpClient.get<PageResult<{ contentId: string; title: string }>>('/cms/content/list', {
        title: query.trim(),
        pageNum: 1,
        pageSize: 10,
      });
      setResults((r.data?.rows ?? []).filter((x) => String(x.contentId) !== String(contentId)));
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  const change = async (next: { contentId: string; title: string }[], item: { contentId: string }, add: boolean) => {
    if (contentId) {
      try {
        const body = { data: { contentId, relaContentIds: [item.contentId] } };
        if (add) await httpClient.post('/cms/content/rela', body.data);
        else await httpClient.delete('/cms/content/rela', body);
      } catch (err) {
        notify((err as Error).message, { type: 'error' });
        return;
      }
    } else {
      onChangeNew(next.map((x) => String(x.contentId)));
    }
    setRelated(next);
  };
  return (
    <Stack spacing={1}>
      {!related.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.cms_editor.related_none')}
        </Typography>
      ) : null}
      <MuiList dense aria-label={translate('app.cms_editor.related')}>
        {related.map((r) => (
          <ListItem
            key={r.contentId}
            secondaryAction={
              disabled ? null : (
                <IconButton
                  edge="end"
                  aria-label={translate('app.cms_editor.related_remove', { title: r.title })}
                  onClick={() =>
                    void change(
                      related.filter((x) => x.contentId !== r.contentId),
                      r,
                      false,
                    )
                  }
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )
            }
          >
            <ListItemText primary={r.title} />
          </ListItem>
        ))}
      </MuiList>
      {!disabled ? (
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            label={translate('app.cms_editor.related_search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void search();
              }
            }}
          />
          <MuiButton onClick={() => void search()}>{translate('ra.action.search')}</MuiButton>
        </Stack>
      ) : null}
      {results?.length === 0 ? <Typography variant="body2">{translate('app.cms_editor.related_no_results')}</Typography> : null}
      {results?.length ? (
        <MuiList dense aria-label={translate('app.cms_editor.related_results')}>
          {results.map((r) => {
            const added = related.some((x) => String(x.contentId) === String(r.contentId));
            return (
              <ListItem
                key={r.contentId}
                secondaryAction={
                  <MuiButton size="small" disabled={added} onClick={() => void change([...related, r], r, true)}>
                    {translate(added ? 'app.cms_editor.related_added' : 'ra.action.add')}
                  </MuiButton>
                }
              >
                <ListItemText primary={r.title} />
              </ListItem>
            );
          })}
        </MuiList>
      ) : null}
    </Stack>
  );
}

/** Up, down and remove buttons of a media item. */
function ItemButtons({
  index,
  count,
  disabled,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  disabled: boolean;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  if (disabled) return null;
  return (
    <Stack direction="row">
      <IconButton size="small" aria-label={translate('app.cms_editor.move_up')} disabled={index === 0} onClick={() => onMove(-1)}>
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={translate('app.cms_editor.move_down')} disabled={index === count - 1} onClick={() => onMove(1)}>
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={translate('ra.action.remove')} onClick={onRemove}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/**
 * 预览: the page as it would be published, fetched with the token (an iframe cannot send it) and shown as the
 * frame's srcdoc, sandboxed without scripts: the page's own scripts never run with the console's origin, and the
 * console's CSP allows no blob: frames anyway.
 */
function PreviewDialog({ html, onClose }: { html: string; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-label={translate('app.cms_editor.preview')}>
      <DialogTitle>{translate('app.cms_editor.preview')}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, height: '75vh' }}>
        <iframe title={translate('app.cms_editor.preview')} srcDoc={html} sandbox="" style={{ border: 0, width: '100%', height: '100%' }} />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.close')}</MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/**
 * 内容编辑 (/cms/content/editor/:catalogId/:contentType/:contentId, 0 = new): every field of a piece of content and
 * the body of its type (article: Quill; image set; audio; video with file or embed code). Save, save and publish,
 * preview. Content locked by another user opens read-only.
 */
export function ContentEditorPage() {
  const { catalogId = '', contentType = '', contentId = '0' } = useParams();
  const translate = useTranslate();
  const templatePaths = useTemplatePaths();
  const notify = useNotify();
  const navigate = useNavigate();
  const { identity } = useGetIdentity();
  const pipes = usePipes();
  const canAdd = useHasPermission('cms:content:add');
  const canEdit = useHasPermission('cms:content:edit');
  const canPublish = useHasPermission('cms:content:publish');
  const { canPick } = usePickerPermissions();
  const [form, setForm] = useState<ContentForm>();
  const [loadError, setLoadError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [previewPipe, setPreviewPipe] = useState('');
  const [previewHtml, setPreviewHtml] = useState<string>();
  // URLs of images uploaded in this session, by stored path: their thumbnails.
  const [thumbs, setThumbs] = useState<Record<string, string>>({});
  // Bumped when the body changes outside the rich text editor (error-prone fixes): the editor starts again from it.
  const [bodyRevision, setBodyRevision] = useState(0);
  // Values of the catalog's extension model fields (cms/exmodel), sent as `extend`; undefined when none is bound.
  const [extend, setExtend] = useState<Record<string, unknown>>();

  useEffect(() => {
    if (!isContentType(contentType)) {
      setLoadError(translate('app.cms_editor.bad_type'));
      return;
    }
    let live = true;
    setForm(undefined);
    httpClient
      .get<ContentForm>(`/cms/content/init/${encodeURIComponent(catalogId)}/${contentType}/${encodeURIComponent(contentId)}`)
      .then((r) => live && r.data && setForm({ ...r.data, contentType }))
      .catch((e: Error) => live && setLoadError(e.message));
    return () => {
      live = false;
    };
  }, [catalogId, contentType, contentId, translate]);

  if (loadError)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {loadError}
      </Alert>
    );
  if (!form) return <LinearProgress sx={{ mt: 2 }} />;

  const isNew = !form.contentId;
  const lockedOther = lockedByOther(form.lockUser, identity?.userName as string | undefined);
  const ro = lockedOther || busy || (isNew ? !canAdd : !canEdit);
  const set = <K extends keyof ContentForm>(key: K, value: ContentForm[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));
  const text = (
    key: keyof ContentForm,
    label: string,
    extra: { required?: boolean; multiline?: boolean; helperText?: string; maxLength?: number; list?: string } = {},
  ) => (
    <TextField
      label={translate(label)}
      value={(form[key] as string | undefined) ?? ''}
      onChange={(e) => set(key, e.target.value as never)}
      disabled={ro}
      required={extra.required}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      helperText={extra.helperText ? translate(extra.helperText) : undefined}
      fullWidth
      slotProps={{ htmlInput: { name: key, maxLength: extra.maxLength, list: extra.list } }}
    />
  );
  const dateField = (key: 'publishDate' | 'offlineDate', label: string) => (
    <TextField
      type="datetime-local"
      label={translate(label)}
      value={toLocalInput(form[key])}
      onChange={(e) => set(key, fromLocalInput(e.target.value) || null)}
      disabled={ro}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { name: key } }}
    />
  );

  const upload = async (file: File, kind: 'image' | 'media' = 'image'): Promise<Uploaded | undefined> => {
    setUploading(true);
    try {
      const uploaded = await uploadResource(file, kind);
      setThumbs((t) => ({ ...t, [uploaded.path]: uploaded.url }));
      return uploaded;
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
      return undefined;
    } finally {
      setUploading(false);
    }
  };
  /** Picked from the material library: stored by path like an upload, shown by the library's thumbnail. */
  const picked = (rows: ResourceRow[]) => {
    setThumbs((t) => ({ ...t, ...Object.fromEntries(rows.map((r) => [r.path, r.thumbnailSrc || r.src])) }));
    return rows;
  };
  const thumbOf = (path: string) => thumbs[path] ?? (/^(https?:\/\/|\/)/.test(path) ? path : undefined);

  const save = async (publish: boolean) => {
    const problem = contentFormError(form);
    if (problem) {
      notify(problem, { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      const body = { ...contentBody(form), ...(extend ? { extend } : {}) };
      const { data: saved } = isNew
        ? await httpClient.post<ContentForm>('/cms/content', body)
        : await httpClient.put<ContentForm>('/cms/content', body);
      const savedId = String(saved?.contentId ?? form.contentId ?? '');
      const { remoteImages, sensitiveWords, ...savedForm } = saved ?? ({} as ContentForm);
      if (saved) setForm({ ...savedForm, contentType: form.contentType });
      if (publish && savedId) {
        await httpClient.post('/cms/content/publish', { contentIds: [savedId] });
        startPublishPolling();
      }
      const done = publish ? 'app.cms_editor.saved_published' : 'app.cms_editor.saved';
      // Sensitive words found when the site's check only warns (docs/cms.md "Sensitive words"): the save is done.
      if (sensitiveWords?.length) {
        notify('app.cms_editor.saved_with_sensitive', { type: 'warning', messageArgs: { saved: translate(done), words: sensitiveWords.join('、') } });
      }
      // Remote images copied into the library on save (site setting): said in the same message (one shows at a time).
      else if (remoteImages) {
        const remote = translate('app.cms_editor.remote_images', { ...remoteImages });
        notify('app.cms_editor.saved_with_remote', {
          type: remoteImages.failed ? 'warning' : 'success',
          messageArgs: { saved: translate(done), remote },
        });
      } else notify(done, { type: 'success' });
      if (isNew && savedId) navigate(editorPath(form.catalogId, form.contentType, savedId), { replace: true });
    } catch (err) {
      notify((err as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const preview = async () => {
    const pipe = previewPipe || form.publishPipes?.[0] || pipes[0]?.pipeCode;
    if (!form.contentId || !pipe) return;
    try {
      const { blob } = await httpClient.download('/cms/preview', { type: 'content', id: form.contentId, pipe }, {}, 'GET');
      setPreviewHtml(await blob.text());
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };

  const images = form.images ?? [];
  const audios = form.audios ?? [];
  const videos = form.videos ?? [];
  const setImage = (i: number, change: Partial<MediaItem>) =>
    set(
      'images',
      images.map((x, j) => (j === i ? { ...x, ...change } : x)),
    );
  const setAudio = (i: number, change: Partial<MediaItem>) =>
    set(
      'audios',
      audios.map((x, j) => (j === i ? { ...x, ...change } : x)),
    );
  const setVideo = (i: number, change: Partial<VideoItem>) =>
    set(
      'videos',
      videos.map((x, j) => (j === i ? { ...x, ...change } : x)),
    );

  return (
    <Box sx={{ mt: 1, pb: 4 }}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
        role="toolbar"
        aria-label={translate('app.cms_editor.toolbar')}
      >
        <IconButton aria-label={translate('ra.action.back')} onClick={() => navigate(-1)}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
          {translate(isNew ? 'app.cms_editor.title_new' : 'app.cms_editor.title_edit', {
            type: translate(`app.cms_content.type_${form.contentType}`),
          })}
        </Typography>
        {form.catalogName ? <Chip size="small" label={form.catalogName} /> : null}
        {form.lockUser ? (
          <Chip
            size="small"
            color={lockedOther ? 'warning' : 'default'}
            icon={<LockIcon />}
            label={translate('app.cms_content.locked_by', { user: form.lockUser })}
          />
        ) : null}
        <Box sx={{ flex: 1 }} />
        <MuiButton
          variant="contained"
          startIcon={busy ? <CircularProgress size={16} /> : <SaveIcon />}
          disabled={ro}
          onClick={() => void save(false)}
        >
          {translate('app.cms_editor.save')}
        </MuiButton>
        {canPublish ? (
          <MuiButton variant="contained" color="success" startIcon={<PublishIcon />} disabled={ro} onClick={() => void save(true)}>
            {translate('app.cms_editor.save_publish')}
          </MuiButton>
        ) : null}
        {pipes.length > 1 ? (
          <TextField
            select
            size="small"
            label={translate('app.cms_editor.preview_pipe')}
            value={previewPipe || pipes[0].pipeCode}
            onChange={(e) => setPreviewPipe(e.target.value)}
            sx={{ minWidth: 120 }}
          >
            {pipes.map((p) => (
              <MenuItem key={p.pipeCode} value={p.pipeCode}>
                {p.pipeName}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <ErrorProneCheckButton
          title={form.title ?? ''}
          html={form.contentHtml ?? ''}
          disabled={ro}
          onFix={(title, html) => {
            setForm((f) => (f ? { ...f, title, contentHtml: html } : f));
            setBodyRevision((r) => r + 1);
          }}
        />
        <MuiButton variant="outlined" startIcon={<PreviewIcon />} disabled={isNew || !pipes.length} onClick={() => void preview()}>
          {translate('app.cms_editor.preview')}
        </MuiButton>
      </Stack>
      {lockedOther ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.cms_editor.locked_other', { user: form.lockUser })}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={2} sx={{ flex: 2, minWidth: 0, width: '100%' }}>
          <Section title={translate('app.cms_editor.section_basic')}>
            {text('title', 'app.cms_editor.title', { required: true, maxLength: 255 })}
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              {text('subTitle', 'app.cms_editor.subTitle', { maxLength: 255 })}
              {text('shortTitle', 'app.cms_editor.shortTitle', { maxLength: 255 })}
            </Stack>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
              {text('author', 'app.cms_editor.author', { maxLength: 100 })}
              {text('editor', 'app.cms_editor.editor', { maxLength: 100 })}
              <FormControlLabel
                control={<Switch checked={!!form.original} disabled={ro} onChange={(e) => set('original', e.target.checked)} name="original" />}
                label={translate('app.cms_editor.original')}
                sx={{ flexShrink: 0 }}
              />
            </Stack>
            {text('summary', 'app.cms_editor.summary', { multiline: true, maxLength: 2000 })}
          </Section>

          <Section title={translate('app.cms_editor.section_body')}>
            {form.contentType === 'article' ? (
              <Suspense fallback={<LinearProgress />}>
                <RichTextEditor
                  key={`${form.contentId ?? 'new'}-${bodyRevision}`}
                  value={form.contentHtml ?? ''}
                  onChange={(html) => set('contentHtml', html)}
                  placeholder={translate('app.cms_editor.placeholder')}
                  uploadingText={translate('app.cms_editor.uploading')}
                  uploadImage={async (file) => (await upload(file))?.url}
                  library={canPick}
                  readOnly={ro}
                  label={translate('app.cms_editor.body')}
                />
              </Suspense>
            ) : null}
            {form.contentType === 'image' ? (
              <>
                {images.map((img, i) => (
                  <Stack
                    key={i}
                    direction={{ xs: 'column', md: 'row' }}
                    spacing={1}
                    aria-label={translate('app.cms_editor.image_n', { n: i + 1 })}
                    role="group"
                    sx={{ alignItems: 'flex-start' }}
                  >
                    <Box
                      sx={{
                        width: 120,
                        height: 90,
                        bgcolor: 'action.hover',
                        flexShrink: 0,
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                        overflow: 'hidden',
                      }}
                    >
                      {thumbOf(img.path) ? (
                        <img src={thumbOf(img.path)} alt={img.title || ''} style={{ maxWidth: '100%', maxHeight: '100%' }} />
                      ) : null}
                    </Box>
                    <Stack spacing={1} sx={{ flex: 1, width: '100%' }}>
                      <TextField
                        size="small"
                        label={translate('app.cms_editor.media_path')}
                        value={img.path}
                        disabled={ro}
                        onChange={(e) => setImage(i, { path: e.target.value })}
                      />
                      <TextField
                        size="small"
                        label={translate('app.cms_editor.media_title')}
                        value={img.title ?? ''}
                        disabled={ro}
                        onChange={(e) => setImage(i, { title: e.target.value })}
                      />
                      <TextField
                        size="small"
                        label={translate('app.cms_editor.media_description')}
                        value={img.description ?? ''}
                        disabled={ro}
                        multiline
                        onChange={(e) => setImage(i, { description: e.target.value })}
                      />
                    </Stack>
                    <ItemButtons
                      index={i}
                      count={images.length}
                      disabled={ro}
                      onMove={(d) => set('images', moveItem(images, i, d))}
                      onRemove={() =>
                        set(
                          'images',
                          images.filter((_, j) => j !== i),
                        )
                      }
                    />
                  </Stack>
                ))}
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <UploadButton
                    label={translate('app.cms_editor.upload_images')}
                    multiple
                    disabled={ro || uploading}
                    onFiles={async (files) => {
                      const added: MediaItem[] = [];
                      for (const file of files) {
                        const uploaded = await upload(file);
                        if (uploaded) added.push({ path: uploaded.path, title: file.name.replace(/\.[^.]+$/, ''), description: '' });
                      }
                      setForm((f) => (f ? { ...f, images: [...(f.images ?? []), ...added] } : f));
                    }}
                  />
                  <PickFromLibraryButton
                    kinds={['image']}
                    multiple
                    disabled={ro}
                    onPick={(rows) =>
                      setForm((f) =>
                        f
                          ? {
                              ...f,
                              images: [
                                ...(f.images ?? []),
                                ...picked(rows).map((r) => ({ path: r.path, title: r.name, description: r.description ?? '' })),
                              ],
                            }
                          : f,
                      )
                    }
                  />
                  {uploading ? <Typography variant="body2">{translate('app.cms_editor.uploading')}</Typography> : null}
                </Stack>
              </>
            ) : null}
            {form.contentType === 'audio' ? (
              <>
                {audios.map((a, i) => (
                  <Stack
                    key={i}
                    direction={{ xs: 'column', md: 'row' }}
                    spacing={1}
                    role="group"
                    aria-label={translate('app.cms_editor.audio_n', { n: i + 1 })}
                    sx={{ alignItems: 'flex-start' }}
                  >
                    <Stack spacing={1} sx={{ flex: 1, width: '100%' }}>
                      <TextField
                        size="small"
                        required
                        label={translate('app.cms_editor.media_path_url')}
                        value={a.path}
                        disabled={ro}
                        onChange={(e) => setAudio(i, { path: e.target.value })}
                        helperText={translate('app.cms_editor.media_path_help')}
                      />
                      {!ro ? (
                        <MediaUploadButton
                          label={translate('app.cms_editor.upload_media')}
                          onFile={async (file) => {
                            const up = await upload(file, 'media');
                            if (up) setAudio(i, { path: up.path });
                          }}
                        />
                      ) : null}
                      {!ro ? (
                        <PickFromLibraryButton
                          size="small"
                          variant="text"
                          kinds={['audio']}
                          sx={{ alignSelf: 'flex-start' }}
                          onPick={([r]) => r && setAudio(i, { path: r.path, title: a.title || r.name })}
                        />
                      ) : null}
                      <TextField
                        size="small"
                        label={translate('app.cms_editor.media_title')}
                        value={a.title ?? ''}
                        disabled={ro}
                        onChange={(e) => setAudio(i, { title: e.target.value })}
                      />
                      <TextField
                        size="small"
                        label={translate('app.cms_editor.media_description')}
                        value={a.description ?? ''}
                        disabled={ro}
                        multiline
                        onChange={(e) => setAudio(i, { description: e.target.value })}
                      />
                    </Stack>
                    <ItemButtons
                      index={i}
                      count={audios.length}
                      disabled={ro}
                      onMove={(d) => set('audios', moveItem(audios, i, d))}
                      onRemove={() =>
                        set(
                          'audios',
                          audios.filter((_, j) => j !== i),
                        )
                      }
                    />
                  </Stack>
                ))}
                {!ro ? (
                  <MuiButton
                    startIcon={<AddIcon />}
                    sx={{ alignSelf: 'flex-start' }}
                    onClick={() => set('audios', [...audios, { path: '', title: '', description: '' }])}
                  >
                    {translate('app.cms_editor.add_audio')}
                  </MuiButton>
                ) : null}
              </>
            ) : null}
            {form.contentType === 'video' ? (
              <>
                {videos.map((v, i) => {
                  const embedBad = v.type === 'share' && !isValidEmbedCode(v.embedCode);
                  return (
                    <Stack
                      key={i}
                      direction={{ xs: 'column', md: 'row' }}
                      spacing={1}
                      role="group"
                      aria-label={translate('app.cms_editor.video_n', { n: i + 1 })}
                      sx={{ alignItems: 'flex-start' }}
                    >
                      <Stack spacing={1} sx={{ flex: 1, width: '100%' }}>
                        <TextField
                          select
                          size="small"
                          label={translate('app.cms_editor.video_type')}
                          value={v.type}
                          disabled={ro}
                          onChange={(e) => setVideo(i, { type: e.target.value as VideoItem['type'] })}
                        >
                          <MenuItem value="local">{translate('app.cms_editor.video_local')}</MenuItem>
                          <MenuItem value="share">{translate('app.cms_editor.video_share')}</MenuItem>
                        </TextField>
                        {v.type === 'share' ? (
                          <TextField
                            size="small"
                            required
                            multiline
                            minRows={3}
                            label={translate('app.cms_editor.embed_code')}
                            value={v.embedCode ?? ''}
                            disabled={ro}
                            error={embedBad}
                            helperText={embedBad ? translate('app.cms_editor.embed_invalid') : undefined}
                            onChange={(e) => setVideo(i, { embedCode: e.target.value })}
                            slotProps={{ htmlInput: { name: `videos.${i}.embedCode` } }}
                          />
                        ) : (
                          <>
                            <TextField
                              size="small"
                              required
                              label={translate('app.cms_editor.media_path_url')}
                              value={v.path}
                              disabled={ro}
                              helperText={translate('app.cms_editor.media_path_help')}
                              onChange={(e) => setVideo(i, { path: e.target.value })}
                            />
                            {!ro ? (
                              <MediaUploadButton
                                label={translate('app.cms_editor.upload_media')}
                                onFile={async (file) => {
                                  const up = await upload(file, 'media');
                                  if (up) setVideo(i, { path: up.path });
                                }}
                              />
                            ) : null}
                            {!ro ? (
                              <PickFromLibraryButton
                                size="small"
                                variant="text"
                                kinds={['video']}
                                sx={{ alignSelf: 'flex-start' }}
                                onPick={([r]) => r && setVideo(i, { path: r.path, title: v.title || r.name })}
                              />
                            ) : null}
                          </>
                        )}
                        <TextField
                          size="small"
                          label={translate('app.cms_editor.media_title')}
                          value={v.title ?? ''}
                          disabled={ro}
                          onChange={(e) => setVideo(i, { title: e.target.value })}
                        />
                        <TextField
                          size="small"
                          label={translate('app.cms_editor.media_description')}
                          value={v.description ?? ''}
                          disabled={ro}
                          multiline
                          onChange={(e) => setVideo(i, { description: e.target.value })}
                        />
                      </Stack>
                      <ItemButtons
                        index={i}
                        count={videos.length}
                        disabled={ro}
                        onMove={(d) => set('videos', moveItem(videos, i, d))}
                        onRemove={() =>
                          set(
                            'videos',
                            videos.filter((_, j) => j !== i),
                          )
                        }
                      />
                    </Stack>
                  );
                })}
                {!ro ? (
                  <MuiButton
                    startIcon={<AddIcon />}
                    sx={{ alignSelf: 'flex-start' }}
                    onClick={() => set('videos', [...videos, { type: 'local', path: '', embedCode: '', title: '', description: '' }])}
                  >
                    {translate('app.cms_editor.add_video')}
                  </MuiButton>
                ) : null}
              </>
            ) : null}
          </Section>

          <Section title={translate('app.cms_editor.section_related')}>
            <RelatedContent form={form} disabled={ro} onChangeNew={(ids) => set('relaContentIds', ids)} />
          </Section>
          <ExtendFields dataType="content" dataId={form.contentId ? String(form.contentId) : '0'} parentId={catalogId} onChange={setExtend} />
        </Stack>

        <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Section title={translate('app.cms_editor.section_meta')}>
            <Stack spacing={1}>
              {text('logo', 'app.cms_editor.logo', { maxLength: 500 })}
              {form.logo && thumbOf(form.logo) ? <img src={thumbOf(form.logo)} alt="" style={{ maxWidth: 200, maxHeight: 120 }} /> : null}
              <Box>
                <UploadButton
                  label={translate('app.cms_editor.upload_logo')}
                  disabled={ro || uploading}
                  onFiles={async ([file]) => {
                    const uploaded = await upload(file);
                    if (uploaded) set('logo', uploaded.path);
                  }}
                />{' '}
                <PickFromLibraryButton
                  kinds={['image']}
                  disabled={ro}
                  label={translate('app.cms_resource.logo_from_library')}
                  onPick={([r]) => r && set('logo', picked([r])[0].path)}
                />
              </Box>
            </Stack>
            <TagWordSuggestInput label={translate('app.cms_editor.tags')} value={form.tags ?? []} disabled={ro} onChange={(v) => set('tags', v)} />
            <ChipsInput label={translate('app.cms_editor.keywords')} value={form.keywords ?? []} disabled={ro} onChange={(v) => set('keywords', v)} />
            {text('source', 'app.cms_editor.source', { maxLength: 255 })}
            {text('sourceUrl', 'app.cms_editor.sourceUrl', { maxLength: 500 })}
            {dateField('publishDate', 'app.cms_editor.publishDate')}
            {dateField('offlineDate', 'app.cms_editor.offlineDate')}
            <FormGroup>
              <FormLabel component="legend">{translate('app.cms_editor.publishPipes')}</FormLabel>
              {pipes.map((p) => (
                <FormControlLabel
                  key={p.pipeCode}
                  label={`${p.pipeName} (${p.pipeCode})`}
                  control={
                    <Checkbox
                      checked={(form.publishPipes ?? []).includes(p.pipeCode)}
                      disabled={ro}
                      onChange={(e) =>
                        set(
                          'publishPipes',
                          e.target.checked ? [...(form.publishPipes ?? []), p.pipeCode] : (form.publishPipes ?? []).filter((c) => c !== p.pipeCode),
                        )
                      }
                    />
                  }
                />
              ))}
              <Typography variant="caption" color="text.secondary">
                {translate('app.cms_editor.publishPipes_help')}
              </Typography>
            </FormGroup>
            {text('staticPath', 'app.cms_editor.staticPath', { helperText: 'app.cms_editor.staticPath_help', maxLength: 255 })}
            <TemplateDatalist id="content-templates" paths={[...new Set(Object.values(templatePaths).flat())].sort()} />
            {text('template', 'app.cms_editor.template', { helperText: 'app.cms_editor.template_help', maxLength: 255, list: 'content-templates' })}
            <FormControlLabel
              control={<Switch checked={!!form.linkFlag} disabled={ro} onChange={(e) => set('linkFlag', e.target.checked)} name="linkFlag" />}
              label={translate('app.cms_editor.linkFlag')}
            />
            {form.linkFlag ? text('redirectUrl', 'app.cms_editor.redirectUrl', { required: true, maxLength: 500 }) : null}
          </Section>
          <Section title={translate('app.cms_editor.section_seo')}>
            {text('seoTitle', 'app.cms_editor.seoTitle', { maxLength: 255 })}
            {text('seoKeywords', 'app.cms_editor.seoKeywords', { maxLength: 500 })}
            {text('seoDescription', 'app.cms_editor.seoDescription', { multiline: true, maxLength: 1000 })}
          </Section>
        </Stack>
      </Stack>
      {previewHtml !== undefined ? <PreviewDialog html={previewHtml} onClose={() => setPreviewHtml(undefined)} /> : null}
    </Box>
  );
}
