import { Alert, Box, CircularProgress, LinearProgress, Menu, MenuItem, Typography } from '@mui/material';
import type Quill from 'quill';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { MaterialPicker } from '../resource/MaterialPicker';
import { insertResource, libraryToolbar, pickerKinds, registerLibraryIcons, type LibraryButton } from '../resource/richText';
import type { ResourceRow } from '../resource/resource';
import { IMAGE_ACCEPT, RICH_TEXT_TOOLBAR } from './content';

type QuillClass = typeof Quill;
let loading: Promise<QuillClass> | undefined;

/** Loads Quill and its snow theme once, as their own chunk (vite.config.ts keeps them out of the initial vendor chunk). */
export function loadQuill(): Promise<QuillClass> {
  loading ??= Promise.all([import('quill'), import('quill/dist/quill.snow.css')])
    .then(([module]) => module.default)
    .catch((error: unknown) => {
      loading = undefined; // let a later visit try again
      throw error;
    });
  return loading;
}

export interface RichTextEditorProps {
  /** Initial HTML (read once when the editor starts; later changes come from typing). */
  value: string;
  onChange: (html: string) => void;
  placeholder: string;
  /** Text of the overlay shown while an image uploads. */
  uploadingText: string;
  /** Uploads an image and answers its URL; a failure is reported by the caller and answers undefined. */
  uploadImage: (file: File) => Promise<string | undefined>;
  readOnly?: boolean;
  label: string;
  /** Adds "from the material library" to the image button and the video, audio and attachment buttons (picked from the site's library). */
  library?: boolean;
}

/**
 * The article body: Quill 2 with the toolbar of spec section 9. This module is its own chunk (loaded with
 * React.lazy by the editor page) and Quill itself is fetched by loadQuill, so neither is in the initial bundle.
 * Images go through the upload endpoint instead of being inlined as base64.
 */
export default function RichTextEditor({ value, onChange, placeholder, uploadingText, uploadImage, readOnly, label, library }: RichTextEditorProps) {
  const translate = useTranslate();
  const notify = useNotify();
  // The image button's choice (upload or library) and the open picker, with where the cursor was.
  const [imageMenu, setImageMenu] = useState<HTMLElement | null>(null);
  const [picking, setPicking] = useState<{ button: LibraryButton; index: number } | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const [uploading, setUploading] = useState(false);
  const [QuillCtor, setQuillCtor] = useState<QuillClass>();
  const [loadError, setLoadError] = useState<string>();
  // The latest callbacks, read by Quill's handlers without re-creating the editor.
  const latest = useRef({ onChange, uploadImage });
  latest.current = { onChange, uploadImage };
  const uploadDirectlyRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    let live = true;
    loadQuill()
      .then((ctor) => live && setQuillCtor(() => ctor))
      .catch((e: Error) => live && setLoadError(e.message));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const el = host.current;
    if (!el || !QuillCtor) return;
    const container = document.createElement('div');
    el.appendChild(container);
    if (library) registerLibraryIcons(QuillCtor);
    const openPicker = (button: LibraryButton) => setPicking({ button, index: editor.getSelection(true)?.index ?? editor.getLength() - 1 });
    const uploadDirectly = () => {
      const input = document.createElement('input');
      input.type = 'file';
      input.accept = IMAGE_ACCEPT;
      input.onchange = async () => {
        const file = input.files?.[0];
        if (!file) return;
        const range = editor.getSelection(true);
        setUploading(true);
        try {
          const url = await latest.current.uploadImage(file);
          if (url) {
            editor.insertEmbed(range.index, 'image', url, 'user');
            editor.setSelection(range.index + 1, 0);
          }
        } finally {
          setUploading(false);
        }
      };
      input.click();
    };
    const toolbarButton = (name: string) => el.querySelector<HTMLElement>(`.ql-toolbar .ql-${name}`);
    const editor = new QuillCtor(container, {
      theme: 'snow',
      placeholder,
      readOnly,
      modules: {
        toolbar: {
          container: library ? libraryToolbar(RICH_TEXT_TOOLBAR) : RICH_TEXT_TOOLBAR,
          handlers: library
            ? {
                image: () => setImageMenu(toolbarButton('image')),
                video: () => openPicker('video'),
                audio: () => openPicker('audio'),
                attachment: () => openPicker('attachment'),
              }
            : { image: uploadDirectly },
        },
      },
    });
    uploadDirectlyRef.current = uploadDirectly;
    if (library) {
      for (const name of ['image', 'video', 'audio', 'attachment'] as const) {
        toolbarButton(name)?.setAttribute('aria-label', translate(`app.cms_resource.rte_${name}`));
        toolbarButton(name)?.setAttribute('title', translate(`app.cms_resource.rte_${name}`));
      }
    }
    if (value) editor.clipboard.dangerouslyPasteHTML(value, 'silent');
    editor.root.setAttribute('aria-label', label);
    editor.on('text-change', () => latest.current.onChange(editor.root.innerHTML));
    quill.current = editor;
    return () => {
      quill.current = null;
      el.innerHTML = '';
    };
    // The editor is created once Quill is there; value is only its starting content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [QuillCtor]);

  useEffect(() => {
    quill.current?.enable(!readOnly);
  }, [readOnly]);

  return (
    <Box sx={{ position: 'relative', '& .ql-container': { minHeight: 320, fontSize: 14 } }}>
      {loadError ? <Alert severity="error">{loadError}</Alert> : null}
      {!QuillCtor && !loadError ? <LinearProgress /> : null}
      <div ref={host} data-testid="rich-text-editor" />
      {uploading ? (
        <Box
          role="status"
          sx={{
            position: 'absolute',
            inset: 0,
            bgcolor: 'rgba(255,255,255,0.7)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            zIndex: 2,
          }}
        >
          <CircularProgress size={24} />
          <Typography variant="body2">{uploadingText}</Typography>
        </Box>
      ) : null}
      {library ? (
        <>
          <Menu anchorEl={imageMenu} open={!!imageMenu} onClose={() => setImageMenu(null)}>
            <MenuItem
              onClick={() => {
                setImageMenu(null);
                uploadDirectlyRef.current();
              }}
            >
              {translate('app.cms_resource.rte_upload_image')}
            </MenuItem>
            <MenuItem
              onClick={() => {
                setImageMenu(null);
                const editor = quill.current;
                if (editor) setPicking({ button: 'image', index: editor.getSelection(true)?.index ?? editor.getLength() - 1 });
              }}
            >
              {translate('app.cms_resource.from_library')}
            </MenuItem>
          </Menu>
          <MaterialPicker
            open={!!picking}
            kinds={picking ? pickerKinds(picking.button) : undefined}
            multiple
            title={picking ? translate(`app.cms_resource.rte_${picking.button}`) : undefined}
            onClose={() => setPicking(null)}
            onPick={(rows: ResourceRow[]) => {
              const editor = quill.current;
              const at = picking?.index ?? 0;
              const button = picking?.button ?? 'image';
              setPicking(null);
              if (!editor) return;
              try {
                const end = rows.reduce((index, row) => insertResource(editor, index, row, button), at);
                editor.setSelection(end, 0, 'user');
              } catch {
                notify('app.cms_resource.insert_failed', { type: 'error' });
              }
            }}
          />
        </>
      ) : null}
    </Box>
  );
}
