import type { CheckKind, CheckLibraryKind, CheckTypeCode } from '@zhiwen/shared';
import { t } from '../../app/messages';
import { count } from '../format';
import { LIBRARY_LABELS, REPORT_LABELS } from '../labels';
import { checkTypeDef, PAPER_MAX_MB, rewriteLowersDuplicates } from '../rules';

interface ProductAboutProps {
  checkType: CheckTypeCode;
  kind: CheckKind;
  charLimit: number;
  /** The product's own lists when the server sent them, else the check type's. */
  libraryKinds?: readonly string[];
  reports?: readonly string[];
}

/** What a check type does: libraries searched, what the report holds or the rewrite delivers, the limits. */
export function ProductAbout({ checkType, kind, charLimit, libraryKinds, reports: variants }: ProductAboutProps) {
  const type = checkTypeDef(checkType);
  const libraries = (libraryKinds ?? type?.libraryKinds ?? []).filter((library): library is CheckLibraryKind => library in LIBRARY_LABELS);
  const reports = (variants ?? type?.reports ?? []).map((variant) => REPORT_LABELS[variant]).filter((key) => key !== undefined);
  const lowersDuplicates = rewriteLowersDuplicates(checkType);

  return (
    <section className="panel check-about" aria-labelledby="check-about-title">
      <h2 id="check-about-title">{t('check.aboutTitle')}</h2>
      <dl className="check-facts check-facts-wide">
        <div>
          <dt>{t(kind === 'rewrite' ? 'check.aboutRewrite' : 'check.aboutCheck')}</dt>
          <dd>
            {kind === 'duplicate' && t('check.explainDuplicate')}
            {kind === 'aigc' && t('check.explainAigc')}
            {kind === 'rewrite' && t(lowersDuplicates ? 'check.explainRewriteDuplicate' : 'check.explainRewriteAigc')}
          </dd>
        </div>
        <div>
          <dt>{t('check.libraries')}</dt>
          <dd>{libraries.length ? libraries.map((library) => t(LIBRARY_LABELS[library])).join('、') : t('check.noLibraries')}</dd>
        </div>
        <div>
          <dt>{t(kind === 'rewrite' ? 'check.delivered' : 'check.reportContents')}</dt>
          <dd>
            {kind === 'rewrite'
              ? t(lowersDuplicates ? 'check.deliveredDuplicate' : 'check.deliveredAigc')
              : [kind === 'aigc' ? t('check.contentsAigc') : t('check.contentsDuplicate'), ...reports.map((key) => t(key))].join('；')}
          </dd>
        </div>
        <div>
          <dt>{t('check.charLimit')}</dt>
          <dd>{t('check.charLimitValue', { count: count(charLimit) })}</dd>
        </div>
        <div>
          <dt>{t('check.fileRuleLabel')}</dt>
          <dd>{t('check.fileRule', { mb: PAPER_MAX_MB })}</dd>
        </div>
      </dl>
    </section>
  );
}
