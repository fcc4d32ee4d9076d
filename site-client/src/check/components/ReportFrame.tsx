import { useEffect, useState } from 'react';
import { ApiError } from '../../app/http';
import { t } from '../../app/messages';

/**
 * A report's HTML shown in the page. The file is fetched with the member's token (an iframe src could not send it) and
 * shown through `srcdoc` in a sandbox without any permission: the report runs no script and cannot reach the site.
 */
export function ReportFrame({ load, title }: { load: (signal: AbortSignal) => Promise<string>; title: string }) {
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    setHtml(null);
    setFailed(false);
    load(abort.signal).then(setHtml, (error: unknown) => {
      if (!(error instanceof ApiError && error.kind === 'aborted')) setFailed(true);
    });
    return () => abort.abort();
  }, [load]);

  if (failed) return <p className="ai-error">{t('check.reportLoadFailed')}</p>;
  if (html === null)
    return (
      <p className="ai-status" role="status">
        {t('check.reportLoading')}
      </p>
    );
  return <iframe className="check-report-frame" title={title} sandbox="" srcDoc={html} data-testid="check-report-frame" />;
}
