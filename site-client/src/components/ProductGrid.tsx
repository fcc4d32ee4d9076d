import { Link } from 'react-router';
import type { Product } from '../catalog';

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
