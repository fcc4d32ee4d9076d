import { t } from '../../app/messages';
import type { MemberOrderDto } from '../api';
import { stageLabel } from '../labels';

/** The check's progress 0-100 % as a progress bar with its stage. */
export function OrderProgress({ order }: { order: MemberOrderDto }) {
  const value = Math.min(100, Math.max(0, Math.round(order.progress || 0)));
  const stage = stageLabel(order.stage);
  return (
    <div className="check-progress">
      <div className="check-progress-head">
        <span>{stage ? t(stage) : t('check.progress')}</span>
        <span aria-hidden="true">{value}%</span>
      </div>
      <div
        className="check-progress-bar"
        role="progressbar"
        aria-label={t('check.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
        data-testid="check-progress"
      >
        <span style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
