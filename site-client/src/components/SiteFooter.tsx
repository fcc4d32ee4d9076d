import { Link } from 'react-router';
import { CHECK_PRODUCTS, WRITING_TOOLS } from '../catalog';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <div className="brand brand-footer">智文</div>
          <p>AI写作与论文检测一站式服务，助力学习、科研与办公写作。</p>
        </div>
        <div>
          <h3>AI写作</h3>
          {WRITING_TOOLS.slice(0, 4).map((tool) => (
            <Link key={tool.path} to={tool.path}>
              {tool.name}
            </Link>
          ))}
        </div>
        <div>
          <h3>论文检测</h3>
          {CHECK_PRODUCTS.slice(0, 4).map((product) => (
            <Link key={product.path} to={product.path}>
              {product.name}
            </Link>
          ))}
        </div>
        <div>
          <h3>账户</h3>
          <Link to="/login">登录</Link>
          <Link to="/register">注册</Link>
        </div>
      </div>
      <div className="container footer-bottom">© {new Date().getFullYear()} 智文 · AI写作与论文检测</div>
    </footer>
  );
}
