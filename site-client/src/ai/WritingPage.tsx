import type { AiToolDto } from '@zhiwen/shared';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { t } from '../app/messages';
import { openAuthDialog } from '../auth/authDialog';
import { useSession } from '../auth/session';
import { AI_CATALOG_PATH, shortToolName, type Product } from '../catalog';
import { storeRedirect } from '../navigation/redirectTarget';
import { AnswerActions } from './AnswerActions';
import { useAiCatalog } from './catalogStore';
import { initialValues } from './fieldErrors';
import { ToolForm } from './ToolForm';
import { TurnView } from './TurnView';
import { useGeneration } from './useGeneration';
import './ai.css';

/**
 * A writing tool's page: the live tool of `GET /ai/tools` (staff may have changed its fields), its form, and the
 * streamed answer. Rendered once the catalog is known, so the page never shows a form the server would refuse.
 */
export function WritingPage({ product }: { product: Product }) {
  const catalog = useAiCatalog();
  const slug = product.path.slice(1);

  if (catalog.status !== 'ready') {
    return (
      <section className="tool-page">
        <div className="container">
          <p className={catalog.status === 'failed' ? 'ai-error' : 'page-loading'} role="status">
            {catalog.status === 'failed' ? t('ai.loadFailed') : t('ai.loading')}
          </p>
        </div>
      </section>
    );
  }
  const tool = catalog.catalog.tools.find((item) => item.slug === slug);
  if (!tool) {
    return (
      <section className="tool-page">
        <div className="container">
          <h1>{product.name}</h1>
          <p className="tool-lead">{product.description}</p>
          <div className="coming-soon" role="status">
            <p>{t('ai.toolClosed')}</p>
            <Link to={AI_CATALOG_PATH} className="button">
              {t('tool.browseAll')}
            </Link>
          </div>
        </div>
      </section>
    );
  }
  // Keyed by tool: moving between tools starts with a fresh form and no answer.
  return <ToolWorkspace key={tool.slug} tool={tool} providerReady={catalog.catalog.providerReady} />;
}

function ToolWorkspace({ tool, providerReady }: { tool: AiToolDto; providerReady: boolean }) {
  const session = useSession();
  const location = useLocation();
  const conversational = Boolean(tool.conversational);
  const [values, setValues] = useState(() => initialValues(tool.fields));
  const { turns, shown, running, start, stop, regenerate, reset } = useGeneration(tool.slug, conversational);
  const name = shortToolName(tool.name);
  const last = turns[turns.length - 1];
  // Copy and export once the whole answer is on screen (the typing effect may still be catching up).
  const finished = last && !running && last.text && shown >= last.text.length;

  const signedInOrAsk = () => {
    if (session.signedIn) return true;
    // The login dialog brings the visitor back here afterwards.
    storeRedirect(`${location.pathname}${location.search}`);
    openAuthDialog('login');
    return false;
  };

  const submit = (fields: Record<string, string>) => {
    void start(fields);
    // A conversation clears the question for the next one.
    if (conversational) setValues(initialValues(tool.fields));
  };

  const exportTitle = (fields: Record<string, string>) => fields.title || fields.essayTitle || fields.businessPlanTitle || name;

  return (
    <section className="tool-page ai-tool">
      <div className="container">
        <h1>{name}</h1>
        <p className="tool-lead">{tool.description}</p>
        {!providerReady && (
          <div className="coming-soon ai-no-provider" role="status">
            <span className="badge">{t('tool.comingSoon')}</span>
            <p>{t('ai.noProvider')}</p>
          </div>
        )}
        <div className={conversational ? 'ai-layout ai-chat' : 'ai-layout'}>
          <div className="panel ai-input">
            <h2>{t('ai.formTitle')}</h2>
            {!session.signedIn && <p className="auth-note">{t('ai.loginHint')}</p>}
            <ToolForm
              fields={tool.fields}
              values={values}
              onChange={setValues}
              onSubmit={submit}
              gate={signedInOrAsk}
              submitLabel={
                !session.signedIn ? t('ai.loginToGenerate') : running ? t('ai.generating') : conversational ? t('ai.ask') : t('ai.generate')
              }
              disabled={running || !providerReady}
            />
            {tool.dailyQuota > 0 && <p className="auth-note">{t('ai.dailyQuota', { count: tool.dailyQuota })}</p>}
          </div>
          <div className="panel ai-output" aria-live="polite">
            <div className="ai-output-head">
              <h2>{t('ai.resultTitle')}</h2>
              {conversational && turns.length > 0 && !running && (
                <button type="button" className="button button-small button-outline" onClick={reset}>
                  {t('ai.newChat')}
                </button>
              )}
            </div>
            {!turns.length && <p className="empty-state">{conversational ? t('ai.emptyChat') : t('ai.emptyResult')}</p>}
            {turns.map((turn, i) => (
              <div key={turn.id} className="ai-turn">
                {conversational && (
                  <p className="ai-question">
                    <span className="ai-who">{t('ai.you')}</span>
                    {turn.fields.coreContent ?? Object.values(turn.fields).join(' ')}
                  </p>
                )}
                <TurnView turn={turn} visibleLength={i === turns.length - 1 ? shown : turn.text.length} />
              </div>
            ))}
            <div className="ai-actions">
              {running && (
                <button type="button" className="button button-small" onClick={stop}>
                  {t('ai.stop')}
                </button>
              )}
              {last && !running && last.status !== 'refused' && providerReady && (
                <button type="button" className="button button-small button-outline" onClick={regenerate}>
                  {t('ai.regenerate')}
                </button>
              )}
              {finished && <AnswerActions title={exportTitle(last.fields)} text={last.text} />}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
