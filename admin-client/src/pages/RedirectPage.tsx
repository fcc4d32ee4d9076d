import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** `/redirect/<path>`: re-navigates to `<path>` (with its query), so a page or tab is built afresh. */
export function RedirectPage() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = location.pathname.replace(/^\/redirect/, '') || '/';
    navigate(`${target}${location.search}`, { replace: true });
  }, [location.pathname, location.search, navigate]);
  return null;
}
