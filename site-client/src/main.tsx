import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
// The global sheet first: the feature sheets, imported by the pages through the routes, come after it in the bundle.
import './global.css';
import { trackPageViews } from './app/stat/pageViews';
import { routes } from './routes';

const router = createBrowserRouter(routes);
// A page view for site statistics on load and on each route change.
trackPageViews(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
