import { useState } from 'react';
import { t } from '../../app/messages';
import { fetchReport, type MemberOrderDto, type ReportFormat } from '../api';
import { runDownload } from '../download';
import { DOWNLOAD_LABELS } from '../labels';
import { offeredDownloads, reportFileName } from '../rules';

/** One button per report file the order has now (`check-download-{format}`). */
export function ReportDownloads({ order, small = false }: { order: MemberOrderDto; small?: boolean }) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const formats = offeredDownloads(order);
  if (!formats.length) return null;

  const save = async (format: ReportFormat) => {
    setBusy(format);
    await runDownload(
      () => fetchReport(order.orderNo, format),
      (serverName) => reportFileName(order, format, serverName),
    );
    setBusy(null);
  };

  return (
    <div className="check-downloads" role="group" aria-label={t('check.downloadsLabel', { orderNo: order.orderNo })}>
      {formats.map((format, i) => (
        <button
          key={format}
          type="button"
          className={`button ${small ? 'button-small ' : ''}${i === 0 ? '' : 'button-outline'}`.trim()}
          data-testid={`check-download-${format}`}
          disabled={busy !== null}
          onClick={() => void save(format)}
        >
          {busy === format ? t('check.downloading') : t(DOWNLOAD_LABELS[format])}
        </button>
      ))}
    </div>
  );
}
