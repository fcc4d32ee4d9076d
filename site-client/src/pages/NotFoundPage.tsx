import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="not-found">
      <p className="not-found-code">404</p>
      <h1>页面不存在</h1>
      <p>您访问的页面可能已被移除或地址有误。</p>
      <Link to="/" className="button">
        返回首页
      </Link>
    </section>
  );
}
