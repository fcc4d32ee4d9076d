import { Link } from 'react-router';
import { t, type MessageKey } from '../app/messages';
import './pages.css';

/** The 404 and 401 pages (spec 2.2): the code, what happened, a link back home. */
function ErrorPage({ code, title, text }: { code: string; title: MessageKey; text: MessageKey }) {
  return (
    <section className="not-found">
      <p className="not-found-code">{code}</p>
      <h1>{t(title)}</h1>
      <p>{t(text)}</p>
      <Link to="/" className="button">
        {t('error.backHome')}
      </Link>
    </section>
  );
}

export const NotFoundPage = () => <ErrorPage code="404" title="error.notFoundTitle" text="error.notFoundText" />;
export const UnauthorizedPage = () => <ErrorPage code="401" title="error.unauthorizedTitle" text="error.unauthorizedText" />;
