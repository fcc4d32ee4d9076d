import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { AiToolsPage } from './ai/AiToolsPage';
import { WritingPage } from './ai/WritingPage';
import { AI_CATALOG_PATH, ALL_ROUTES, WRITING_CATALOG, type Product } from './catalog';
import { CheckIndexPage } from './check/pages/CheckIndexPage';
import { CheckProductPage } from './check/pages/CheckProductPage';
import { ReportListPage } from './check/pages/ReportListPage';
import { SampleReportPage } from './check/pages/SampleReportPage';
import { checkTypeOfRoute } from './check/rules';
import { SiteLayout } from './components/SiteLayout';
import { MemberIndexPage } from './member/MemberIndexPage';
import { afterGuard, guardLoader } from './navigation/runGuard';
import { safePath } from './navigation/redirectTarget';
import { NotFoundPage, UnauthorizedPage } from './pages/ErrorPage';
import { ConnectPage } from './pages/ConnectPage';
import { HomePage } from './pages/HomePage';
import { LoginModalPage } from './pages/LoginModalPage';
import { LoginPage } from './pages/LoginPage';
import { MemberLoginPage } from './pages/MemberLoginPage';
import { RegisterPage } from './pages/RegisterPage';
import { ToolPage } from './tools/ToolPage';
import { BindPage } from './wechat/BindPage';
import { WechatCallbackPage } from './wechat/WechatCallbackPage';
import { WechatTestPage } from './wechat/WechatTestPage';
import { WeQrPage } from './wechat/WeQrPage';

const Nothing = () => null;
const officialWriting = ALL_ROUTES.find((route) => route.path === '/aizcxz')!;
const writingPaths = new Set(WRITING_CATALOG.map((tool) => tool.path));
/** The page of a catalog route: writing tools, the check product pages and their list, sample and report pages. */
function pageOf(product: Product) {
  if (writingPaths.has(product.path)) return <WritingPage product={product} />;
  // Keyed by route: moving between two products starts with a fresh form.
  if (checkTypeOfRoute(product.path)) return <CheckProductPage key={product.path} product={product} />;
  switch (product.path) {
    case '/aicheck':
      return <CheckIndexPage product={product} />;
    case '/aicheckylbg':
      return <SampleReportPage product={product} />;
    case '/report':
      return <ReportListPage product={product} />;
    case '/aireport':
      return <ReportListPage product={product} kind="aigc" />;
    default:
      return <ToolPage product={product} />;
  }
}

/** /redirect/{path}: re-navigates to /{path} with the same query, so a page can be reloaded in place. */
export function redirectHelperLoader({ params, request }: LoaderFunctionArgs): Response {
  const target = safePath(`/${params['*'] ?? ''}${new URL(request.url).search}`);
  return redirect(target ?? '/');
}

/** Route table, shared by the browser router (main.tsx) and the tests' memory router. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <SiteLayout />,
    // The guard of spec 2.1 runs before every navigation: the root loader runs again each time.
    loader: guardLoader,
    shouldRevalidate: () => true,
    HydrateFallback: Nothing,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'memberlogin', element: <MemberLoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'LoginModal', element: <LoginModalPage /> },
      { path: 'memberIndex', element: <MemberIndexPage /> },
      { path: 'weqr', element: <WeQrPage /> },
      { path: 'loginwx', element: <WeQrPage /> },
      { path: 'wechatcallback', element: <WechatCallbackPage /> },
      { path: 'bind', element: <BindPage /> },
      { path: 'connect', element: <ConnectPage /> },
      { path: 'wechat', element: <WechatTestPage /> },
      { path: '404', element: <NotFoundPage /> },
      { path: '401', element: <UnauthorizedPage /> },
      { path: 'redirect/*', loader: afterGuard(redirectHelperLoader), HydrateFallback: Nothing },
      { path: AI_CATALOG_PATH.slice(1), element: <AiToolsPage /> },
      { path: 'aizcxz/:id', element: pageOf(officialWriting) },
      ...ALL_ROUTES.map((product) => ({ path: product.path.slice(1), element: pageOf(product) })),
      // Spec 2.1: unknown paths go to the home page.
      { path: '*', loader: afterGuard(() => redirect('/')), HydrateFallback: Nothing },
    ],
  },
];
