import CompareIcon from '@mui/icons-material/CompareArrows';
import DescriptionIcon from '@mui/icons-material/Description';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useState, type ReactElement } from 'react';
import { Button, useNotify, type ButtonProps } from 'react-admin';
import { httpClient } from '../../../providers/httpClient';
import type { ReportKind } from './task';

const REPORT_ICONS: Record<ReportKind, ReactElement> = { html: <DescriptionIcon />, full: <CompareIcon />, pdf: <PictureAsPdfIcon /> };

/**
 * Opens a report of a check task from `url`: HTML in a new tab, PDF downloaded (the API needs the token, so the
 * file is fetched first).
 */
export function ReportButton({ url, kind, label, variant }: { url: string; kind: ReportKind; label: string; variant?: ButtonProps['variant'] }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await httpClient.download(url, {}, {}, 'GET');
      const objectUrl = URL.createObjectURL(blob);
      if (kind === 'pdf') {
        const link = document.createElement('a');
        link.href = objectUrl;
        link.download = fileName;
        link.click();
      } else {
        window.open(objectUrl, '_blank', 'noopener');
      }
      setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={label} variant={variant} onClick={() => void open()} disabled={busy}>
      {REPORT_ICONS[kind]}
    </Button>
  );
}
