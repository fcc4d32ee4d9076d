import { formatDateTime } from '@zhiwen/shared';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { t } from '../app/messages';
import { showToast } from '../app/toast/toastStore';
import { shortToolName } from '../catalog';
import { Modal } from '../components/Modal';
import { deleteGenerations, fetchGeneration, fetchHistory, type AiGeneration } from './api';
import { AnswerActions } from './AnswerActions';
import { historyTitle, STATUS_LABELS } from './historyTitle';
import { MarkdownView } from './MarkdownView';
import './ai.css';

const PAGE_SIZE = 10;

/** The member home's "写作记录": the member's generations, newest first, to re-open or delete. */
export function WritingHistory() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ rows: AiGeneration[]; total: number } | null>(null);
  const [opened, setOpened] = useState<AiGeneration | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const load = useCallback(async (pageNum: number) => {
    try {
      setData(await fetchHistory(pageNum, PAGE_SIZE));
    } catch {
      setData((current) => current ?? { rows: [], total: 0 }); // the client showed the failure
    }
  }, []);

  useEffect(() => {
    void load(page);
  }, [load, page]);

  const open = async (id: string) => {
    try {
      setOpened(await fetchGeneration(id));
    } catch {
      // shown by the client
    }
  };

  const remove = async (id: string) => {
    if (confirming !== id) {
      setConfirming(id); // a second click confirms
      return;
    }
    setConfirming(null);
    try {
      await deleteGenerations([id]);
      showToast('success', t('ai.historyDeleted'));
      const lastOnPage = data?.rows.length === 1 && page > 1;
      if (lastOnPage) setPage(page - 1);
      else await load(page);
    } catch {
      // shown by the client
    }
  };

  if (!data) return <p className="page-loading">{t('ai.historyLoading')}</p>;
  if (!data.rows.length) return <p className="empty-state">{t('member.emptyWriting')}</p>;
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  return (
    <>
      <ul className="record-list ai-history">
        {data.rows.map((row) => {
          const status = STATUS_LABELS[row.status];
          return (
            <li key={row.generationId}>
              <div>
                <strong>{historyTitle(row.input) || t('ai.untitled')}</strong>
                <span>
                  {shortToolName(row.toolName)} · {formatDateTime(row.createTime)}
                  {status ? ` · ${t(status)}` : ''}
                </span>
              </div>
              <div className="button-row">
                <button type="button" className="button button-small" onClick={() => void open(row.generationId)}>
                  {t('ai.historyOpen')}
                </button>
                <button type="button" className="button button-small button-outline" onClick={() => void remove(row.generationId)}>
                  {confirming === row.generationId ? t('ai.historyConfirmDelete') : t('ai.historyDelete')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {pages > 1 && (
        <div className="pager">
          <button type="button" className="button button-small button-outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('ai.historyPrev')}
          </button>
          <span>{t('ai.historyPage', { page, pages, total: data.total })}</span>
          <button type="button" className="button button-small button-outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('ai.historyNext')}
          </button>
        </div>
      )}
      {opened && (
        <Modal title={historyTitle(opened.input) || shortToolName(opened.toolName)} width={760} onClose={() => setOpened(null)}>
          <div className="ai-history-view">
            <p className="auth-note">
              {shortToolName(opened.toolName)} · {formatDateTime(opened.createTime)}
            </p>
            <MarkdownView text={opened.output} />
            <div className="ai-actions">
              <AnswerActions title={historyTitle(opened.input, 60) || shortToolName(opened.toolName)} text={opened.output} />
              <Link to={`/${opened.toolSlug}`} className="button button-small button-outline">
                {t('ai.historyContinue')}
              </Link>
            </div>
          </div>
        </Modal>
      )}
    </>
  );
}
