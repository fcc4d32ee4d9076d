import { Link } from 'react-router';
import { t } from '../app/messages';
import type { Product } from '../catalog';
import './tools.css';

/**
 * A tool, check or report route whose feature has not landed yet: its title and a clear "coming soon" state.
 * A feature replaces this with its own page in routes.tsx.
 */
export function ToolPage({ product }: { product: Product }) {
  return (
    <section className="tool-page">
      <div className="container">
        <h1>{product.name}</h1>
        <p className="tool-lead">{product.description}</p>
        <div className="coming-soon" role="status">
          <span className="badge">{t('tool.comingSoon')}</span>
          <p>{t('tool.comingSoonText')}</p>
          <div className="coming-soon-actions">
            <Link to="/" className="button">
              {t('tool.backHome')}
            </Link>
            <Link to={{ pathname: '/', hash: '#all-tools' }} className="button button-outline">
              {t('tool.browseAll')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
