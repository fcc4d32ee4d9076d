import { useState } from 'react';
import { t } from '../app/messages';
import { showToast } from '../app/toast/toastStore';
import { copyText } from './clipboard';
import { exportDocx } from './exportDocx';

/** Copy and Word export of one answer. */
export function AnswerActions({ title, text }: { title: string; text: string }) {
  const [exporting, setExporting] = useState(false);
  const copy = async () => {
    if (await copyText(text)) showToast('success', t('ai.copied'));
    else showToast('error', t('ai.copyFailed'));
  };
  const download = async () => {
    setExporting(true);
    try {
      await exportDocx(title, text);
    } catch {
      showToast('error', t('ai.exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <button type="button" className="button button-small button-outline" onClick={() => void copy()}>
        {t('ai.copy')}
      </button>
      <button type="button" className="button button-small button-outline" disabled={exporting} onClick={() => void download()}>
        {exporting ? t('ai.exporting') : t('ai.exportDocx')}
      </button>
    </>
  );
}
