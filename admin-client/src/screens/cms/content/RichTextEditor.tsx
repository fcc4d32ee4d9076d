import { Alert, Box, CircularProgress, LinearProgress, Typography } from '@mui/material';
import type Quill from 'quill';
import { useEffect, useRef, useState } from 'react';
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
}

/**
 * The article body: Quill 2 with the toolbar of spec section 9. This module is its own chunk (loaded with
 * React.lazy by the editor page) and Quill itself is fetched by loadQuill, so neither is in the initial bundle.
 * Images go through the upload endpoint instead of being inlined as base64.
 */
export default function RichTextEditor({ value, onChange, placeholder, uploadingText, uploadImage, readOnly, label }: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const [uploading, setUploading] = useState(false);
  const [QuillCtor, setQuillCtor] = useState<QuillClass>();
  const [loadError, setLoadError] = useState<string>();
  // The latest callbacks, read by Quill's handlers without re-creating the editor.
  const latest = useRef({ onChange, uploadImage });
  latest.current = { onChange, uploadImage };

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
    const editor = new QuillCtor(container, {
      theme: 'snow',
      placeholder,
      readOnly,
      modules: {
        toolbar: {
          container: RICH_TEXT_TOOLBAR,
          handlers: {
            image: () => {
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
            },
          },
        },
      },
    });
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
    </Box>
  );
}
