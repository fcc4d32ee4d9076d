import { Link } from 'react-router';
import { t } from '../app/messages';
import { CHECK_PRODUCTS, WRITING_TOOLS } from '../catalog';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <div className="brand brand-footer">{t('site.name')}</div>
          <p>{t('site.footerText')}</p>
        </div>
        <div>
          <h3>{t('nav.writing')}</h3>
          {WRITING_TOOLS.slice(0, 4).map((tool) => (
            <Link key={tool.path} to={tool.path}>
              {tool.name}
            </Link>
          ))}
        </div>
        <div>
          <h3>{t('home.checkTitle')}</h3>
          {CHECK_PRODUCTS.slice(0, 4).map((product) => (
            <Link key={product.path} to={product.path}>
              {product.name}
            </Link>
          ))}
        </div>
        <div>
          <h3>{t('nav.account')}</h3>
          <Link to="/memberlogin">{t('nav.login')}</Link>
          <Link to="/register">{t('nav.register')}</Link>
          <Link to="/memberIndex">{t('nav.memberCenter')}</Link>
        </div>
      </div>
      <div className="container footer-bottom">
        © {new Date().getFullYear()} {t('site.name')} · {t('site.tagline')}
      </div>
    </footer>
  );
}
