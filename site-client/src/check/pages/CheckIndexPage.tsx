import { Link } from 'react-router';
import { t } from '../../app/messages';
import type { Product } from '../../catalog';
import { priceLabel } from '../format';
import { KIND_LABELS } from '../labels';
import { useCheckProducts } from '../productsStore';
import { productRoute } from '../rules';
import { ProductsLoading } from './CheckProductPage';
import '../check.css';

/** /aicheck: the enabled check products, each linking to its page. */
export function CheckIndexPage({ product: page }: { product: Product }) {
  const state = useCheckProducts();
  return (
    <section className="tool-page check-page">
      <div className="container">
        <h1>{page.name}</h1>
        <p className="tool-lead">{page.description}</p>
        {state.status !== 'ready' ? (
          <ProductsLoading failed={state.status === 'failed'} />
        ) : !state.products.length ? (
          <p className="empty-state">{t('check.empty')}</p>
        ) : (
          <ul className="check-products" aria-label={t('check.productsLabel')}>
            {state.products.map((product) => (
              <li key={product.productId}>
                <Link
                  to={productRoute(product.pathUrl, product.checkType)}
                  className="check-product-card"
                  data-testid={`check-product-${product.checkType}`}
                >
                  <span className="check-product-head">
                    <strong>{product.productName}</strong>
                    <span className={`check-kind kind-${product.kind}`}>{t(KIND_LABELS[product.kind] ?? 'check.kind.duplicate')}</span>
                  </span>
                  <span className="check-product-price">{priceLabel(product.price, product.priceMode)}</span>
                  <span className="check-product-text">{product.description}</span>
                  <span className="check-product-go">{t('check.goCheck')}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p className="check-links">
          <Link to="/aicheckylbg">{t('check.sampleLink')}</Link>
          <Link to="/report">{t('check.reportsLink')}</Link>
        </p>
      </div>
    </section>
  );
}
