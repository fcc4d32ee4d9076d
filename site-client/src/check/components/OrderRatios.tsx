import { t, type MessageKey } from '../../app/messages';
import type { MemberOrderDto, OrderResult } from '../api';
import { percent } from '../format';
import { rewriteLowersDuplicates } from '../rules';

const DUPLICATE_RATIOS: { key: keyof OrderResult; label: MessageKey }[] = [
  { key: 'totalRatio', label: 'check.ratio.total' },
  { key: 'ratioExcludingCited', label: 'check.ratio.excludingCited' },
  { key: 'ratioExcludingSelf', label: 'check.ratio.excludingSelf' },
  { key: 'largestSourceRatio', label: 'check.ratio.largestSource' },
];

/** The figures of a finished order: duplicate ratios, the AI score, or a rewrite's rate before and after. */
export function OrderRatios({ order, compact = false }: { order: MemberOrderDto; compact?: boolean }) {
  const items: { label: string; value: string }[] = [];
  if (order.kind === 'rewrite' && order.rewrite) {
    const rate = t(rewriteLowersDuplicates(order.checkType) ? 'check.rewrite.duplicateRate' : 'check.rewrite.aigcRate');
    items.push({ label: rate, value: `${percent(order.rewrite.before)} → ${percent(order.rewrite.after)}` });
    if (!compact)
      items.push({
        label: t('check.rewrite.paragraphsLabel'),
        value: t('check.rewrite.paragraphs', { rewritten: order.rewrite.rewritten, paragraphs: order.rewrite.paragraphs }),
      });
  } else if (order.result) {
    if (order.kind === 'aigc') items.push({ label: t('check.ratio.aigc'), value: percent(order.result.aigcScore) });
    else for (const ratio of DUPLICATE_RATIOS) items.push({ label: t(ratio.label), value: percent(order.result[ratio.key]) });
  }
  if (!items.length) return null;
  return (
    <dl className={compact ? 'check-ratios check-ratios-compact' : 'check-ratios'} data-testid="check-ratios">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
