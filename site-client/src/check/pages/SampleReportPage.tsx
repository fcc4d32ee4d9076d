import { useCallback, useState } from 'react';
import { t } from '../../app/messages';
import type { Product } from '../../catalog';
import { fetchSampleReport } from '../api';
import { ReportFrame } from '../components/ReportFrame';
import { runDownload } from '../download';
import '../check.css';

/** /aicheckylbg: the sample report (public), shown in the page, with its PDF to download. */
export function SampleReportPage({ product: page }: { product: Product }) {
  const [busy, setBusy] = useState(false);
  const load = useCallback(async (signal: AbortSignal) => (await fetchSampleReport('html', signal)).blob.text(), []);

  const downloadPdf = async () => {
    setBusy(true);
    await runDownload(
      () => fetchSampleReport('pdf'),
      (serverName) => (serverName && /\.pdf$/i.test(serverName) ? serverName : t('check.sampleFileName')),
    );
    setBusy(false);
  };

  return (
    <section className="tool-page check-page">
      <div className="container">
        <h1>{page.name}</h1>
        <p className="tool-lead">{t('check.sampleLead')}</p>
        <div className="check-downloads">
          <button type="button" className="button" data-testid="check-download-pdf" disabled={busy} onClick={() => void downloadPdf()}>
            {busy ? t('check.downloading') : t('check.download.pdf')}
          </button>
        </div>
        <div className="panel check-report">
          <ReportFrame load={load} title={page.name} />
        </div>
      </div>
    </section>
  );
}
