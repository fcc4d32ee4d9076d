import { useId, useMemo, useState } from 'react';
import { t } from '../app/messages';
import { WRITING_CATALOG } from '../catalog';
import { ProductGrid } from '../components/ProductGrid';
import { groupByCategory, searchTools } from './toolGroups';
import './ai.css';

/** /aitools: every writing tool by category, narrowed by a search box. */
export function AiToolsPage() {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const groups = useMemo(() => groupByCategory(searchTools(WRITING_CATALOG, query), t('ai.otherCategory')), [query]);
  return (
    <section className="section ai-catalog">
      <div className="container">
        <div className="section-head">
          <h1>{t('ai.catalogTitle')}</h1>
          <p>{t('ai.catalogLead', { count: WRITING_CATALOG.length })}</p>
        </div>
        <div className="ai-search">
          <label htmlFor={searchId}>{t('ai.search')}</label>
          <input id={searchId} type="search" value={query} placeholder={t('ai.searchPlaceholder')} onChange={(e) => setQuery(e.target.value)} />
        </div>
        {!groups.length && <p className="empty-state">{t('ai.searchEmpty', { query: query.trim() })}</p>}
        {groups.map((group) => (
          <section key={group.category} className="ai-category" aria-label={group.category}>
            <h2>{group.category}</h2>
            <ProductGrid products={group.tools} tone="write" />
          </section>
        ))}
      </div>
    </section>
  );
}
