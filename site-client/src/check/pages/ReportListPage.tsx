import type { CheckKind } from '@zhiwen/shared';
import { t } from '../../app/messages';
import { useSession } from '../../auth/session';
import type { Product } from '../../catalog';
import { LoginPrompt } from '../components/LoginPrompt';
import { OrderList } from '../components/OrderList';
import '../check.css';

/** /report and /aireport (kind aigc): the member's orders with their reports; visitors are asked to sign in. */
export function ReportListPage({ product: page, kind }: { product: Product; kind?: CheckKind }) {
  const session = useSession();
  return (
    <section className="tool-page check-page">
      <div className="container">
        <h1>{page.name}</h1>
        <p className="tool-lead">{page.description}</p>
        {session.signedIn ? (
          // Keyed by kind: /report and /aireport share the component but not their search.
          <OrderList key={kind ?? 'all'} kind={kind} searchable empty={t('check.listEmpty')} />
        ) : (
          <LoginPrompt text={t('check.listLoginText')} />
        )}
      </div>
    </section>
  );
}
