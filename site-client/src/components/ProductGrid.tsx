import { Link } from 'react-router';
import type { Product } from '../catalog';
import './ProductGrid.css';

/** Cards linking to tools; the first character of the name serves as the icon. */
export function ProductGrid({ products, tone }: { products: Product[]; tone: 'write' | 'check' }) {
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <li key={product.path}>
          <Link to={product.path} className={`product-card tone-${tone}`}>
            <span className="product-icon" aria-hidden="true">
              {product.name.slice(0, 1)}
            </span>
            <span className="product-text">
              <strong>{product.name}</strong>
              <span>{product.description}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A dense list of links (the full catalog under the featured cards). */
export function ProductLinks({ products, label }: { products: Product[]; label: string }) {
  return (
    <ul className="product-links" aria-label={label}>
      {products.map((product) => (
        <li key={product.path}>
          <Link to={product.path} title={product.description}>
            {product.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
