import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { browserStore } from '../../app/browser/storage';
import { t } from '../../app/messages';
import { openAuthDialog } from '../../auth/authDialog';
import { useSession } from '../../auth/session';
import type { Product } from '../../catalog';
import { storeRedirect } from '../../navigation/redirectTarget';
import { createOrder, type CheckProductPublicDto } from '../api';
import { CheckForm, type CheckFormValues } from '../components/CheckForm';
import { LoginPrompt } from '../components/LoginPrompt';
import { OrderPanel } from '../components/OrderPanel';
import { ProductAbout } from '../components/ProductAbout';
import { priceLabel } from '../format';
import { loadCheckProducts, useCheckProducts } from '../productsStore';
import { checkTypeDef, checkTypeOfRoute, orderNoFromQuery, productForPath } from '../rules';
import { useOrderFollow } from '../useOrderFollow';
import '../check.css';

const EMPTY: CheckFormValues = { title: '', author: '', file: null };
/** Title and author typed before a sign-in that leaves the page (QR login, registration); the file cannot be kept. */
const draftKey = (path: string) => `checkDraft:${path}`;

function takeDraft(path: string): CheckFormValues {
  const store = browserStore('session');
  const raw = store.getItem(draftKey(path));
  store.removeItem(draftKey(path));
  try {
    const draft = raw ? (JSON.parse(raw) as Partial<CheckFormValues>) : {};
    return { title: typeof draft.title === 'string' ? draft.title : '', author: typeof draft.author === 'string' ? draft.author : '', file: null };
  } catch {
    return EMPTY;
  }
}

/**
 * A check product's page (/aigc, /bkysb, ...): what it checks, the order form, then the order it placed: payment,
 * live progress, figures and the report. `?order=` names the order followed, so a reload resumes it.
 */
export function CheckProductPage({ product: page }: { product: Product }) {
  const state = useCheckProducts();
  const session = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const requested = orderNoFromQuery(params.get('order'));
  const follow = useOrderFollow(session.signedIn ? requested : undefined);

  const product = state.status === 'ready' ? productForPath(state.products, page.path) : undefined;
  const checkType = product?.checkType ?? checkTypeOfRoute(page.path);
  const type = checkTypeDef(checkType);

  return (
    <section className="tool-page check-page">
      <div className="container">
        <h1>{product?.productName || page.name}</h1>
        <p className="tool-lead">
          {product?.description || page.description}
          {product && <strong className="check-price">{priceLabel(product.price, product.priceMode)}</strong>}
        </p>
        {/* Following an order, it takes the full width (a report is wide); the explanation goes below. */}
        <div className={requested ? 'check-layout check-layout-single' : 'check-layout'}>
          <div className="check-main">
            {requested ? (
              session.signedIn ? (
                <FollowedOrder follow={follow} onNew={() => setParams({})} />
              ) : (
                <LoginPrompt text={t('check.loginToView')} />
              )
            ) : state.status === 'ready' ? (
              product ? (
                <OrderForm
                  key={page.path}
                  product={product}
                  path={location.pathname}
                  onPlaced={(orderNo) => setParams({ order: orderNo })}
                  adopt={follow.adopt}
                />
              ) : (
                <div className="coming-soon" role="status">
                  <p>{t('check.productClosed')}</p>
                  <Link to="/aicheck" className="button">
                    {t('check.browseProducts')}
                  </Link>
                </div>
              )
            ) : (
              <ProductsLoading failed={state.status === 'failed'} />
            )}
          </div>
          {checkType && type && (
            <aside className="check-side">
              <ProductAbout
                checkType={checkType}
                kind={product?.kind ?? type.kind}
                charLimit={product?.charLimit ?? type.charLimit}
                libraryKinds={product?.libraryKinds}
                reports={product?.reports}
              />
            </aside>
          )}
        </div>
      </div>
    </section>
  );
}

export function ProductsLoading({ failed }: { failed: boolean }) {
  if (!failed)
    return (
      <p className="page-loading" role="status">
        {t('check.loading')}
      </p>
    );
  return (
    <div className="ai-error" role="alert">
      <p>{t('check.loadFailed')}</p>
      <button type="button" className="button button-small" onClick={loadCheckProducts}>
        {t('check.retry')}
      </button>
    </div>
  );
}

function OrderForm({
  product,
  path,
  onPlaced,
  adopt,
}: {
  product: CheckProductPublicDto;
  path: string;
  onPlaced: (orderNo: string) => void;
  adopt: ReturnType<typeof useOrderFollow>['adopt'];
}) {
  const session = useSession();
  const location = useLocation();
  const [values, setValues] = useState<CheckFormValues>(() => takeDraft(path));
  const [busy, setBusy] = useState(false);

  // Signed in (in the dialog, the page stayed): the draft kept for the sign-in is no longer needed.
  useEffect(() => {
    if (session.signedIn) browserStore('session').removeItem(draftKey(path));
  }, [session.signedIn, path]);

  const signedInOrAsk = () => {
    if (session.signedIn) return true;
    browserStore('session').setItem(draftKey(path), JSON.stringify({ title: values.title, author: values.author }));
    // The login dialog brings the visitor back here, where the form still holds what was typed.
    storeRedirect(`${location.pathname}${location.search}`);
    openAuthDialog('login');
    return false;
  };

  const submit = async (checked: CheckFormValues & { file: File }) => {
    setBusy(true);
    try {
      const order = await createOrder({
        productId: product.productId,
        title: checked.title.trim(),
        author: checked.author.trim(),
        file: checked.file,
      });
      adopt(order);
      onPlaced(order.orderNo);
    } catch {
      setBusy(false); // shown by the client (the server names what is wrong with the paper)
    }
  };

  return (
    <div className="panel">
      <h2>{t('check.formTitle')}</h2>
      {!session.signedIn && <p className="auth-note">{t('check.loginHint')}</p>}
      <CheckForm
        values={values}
        onChange={setValues}
        onSubmit={(checked) => void submit(checked)}
        gate={signedInOrAsk}
        submitLabel={!session.signedIn ? t('check.loginToSubmit') : busy ? t('check.submitting') : t('check.submit')}
        disabled={busy}
      />
    </div>
  );
}

function FollowedOrder({ follow, onNew }: { follow: ReturnType<typeof useOrderFollow>; onNew: () => void }) {
  const { order, problem, adopt, refresh } = follow;
  const again = (
    <button type="button" className="button button-outline" data-testid="check-new" onClick={onNew}>
      {t('check.newOrder')}
    </button>
  );
  if (problem === 'notFound') {
    return (
      <div className="coming-soon" role="alert">
        <p>{t('check.orderNotFound')}</p>
        {again}
      </div>
    );
  }
  return (
    <>
      {problem === 'stalled' && (
        <div className="ai-error" role="alert">
          <p>{t('check.orderStalled')}</p>
          <button type="button" className="button button-small" onClick={refresh}>
            {t('check.refresh')}
          </button>
        </div>
      )}
      {order ? (
        <OrderPanel order={order} onChange={adopt} onNew={onNew} />
      ) : (
        !problem && (
          <p className="page-loading" role="status">
            {t('check.orderLoading')}
          </p>
        )
      )}
      <div className="check-after">{again}</div>
    </>
  );
}
