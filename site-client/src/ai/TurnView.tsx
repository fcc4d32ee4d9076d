import { t } from '../app/messages';
import { MarkdownView } from './MarkdownView';
import type { Turn } from './useGeneration';

/** One answer: its text (typed in while it streams), its state, and a refusal or stream error. */
export function TurnView({ turn, visibleLength }: { turn: Turn; visibleLength: number }) {
  const text = turn.text.slice(0, Math.max(0, visibleLength));
  return (
    <div className={`ai-answer status-${turn.status}`} aria-busy={turn.status === 'waiting' || turn.status === 'streaming'}>
      {turn.status === 'waiting' && <p className="ai-status">{t('ai.waiting')}</p>}
      {text && <MarkdownView text={text} />}
      {turn.status === 'streaming' && <span className="ai-caret" aria-hidden="true" />}
      {turn.status === 'stopped' && (
        <p className="ai-status" role="status">
          {t('ai.stopped')}
        </p>
      )}
      {turn.error && (
        <p className="ai-error" role="alert">
          {turn.error}
        </p>
      )}
    </div>
  );
}
