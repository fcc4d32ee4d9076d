import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getStoredLanguage } from './i18n/language';
import { AppRouterProvider, createAppRouter } from './router';

document.documentElement.lang = getStoredLanguage();

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRouterProvider router={router} />
  </StrictMode>,
);
