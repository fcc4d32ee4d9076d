import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { useHasPermission } from '../../components/usePermission';
import { httpClient } from '../../providers/httpClient';
import { ORDER_SCREEN_COMPONENT, orderListPath } from '../../screens/check/order/order';
import { useScreens } from '../useScreens';
import { failedCountOf, startFailedOrdersPoller } from './failedOrdersPoller';

/** Failed check orders for staff who see the order list: a badge while above 0; a click opens the list of them. */
export function FailedOrdersIndicator() {
  const allowed = useHasPermission('check:order:list');
  // The order screen's path in the caller's menu (menus can be moved); no screen, nothing to open.
  const screen = useScreens().find((s) => s.component === ORDER_SCREEN_COMPONENT);
  return allowed && screen ? <FailedOrdersBadge screenPath={screen.path} /> : null;
}

function FailedOrdersBadge({ screenPath }: { screenPath: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [count, setCount] = useState(0);
  useEffect(
    () =>
      startFailedOrdersPoller({
        fetchCount: async () => failedCountOf((await httpClient.get('/check/order/failedCount')).data),
        onCount: setCount,
        isHidden: () => document.visibilityState === 'hidden',
        setInterval: (fn, ms) => window.setInterval(fn, ms),
        clearInterval: (handle) => window.clearInterval(handle as number),
      }),
    [],
  );
  if (count <= 0) return null;
  const label = translate('app.layout.failed_orders', { count });
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        aria-label={label}
        data-testid="failed-orders-indicator"
        onClick={() => navigate(orderListPath(screenPath, 'failed'))}
      >
        <Badge badgeContent={count} color="error" max={999}>
          <ReportProblemIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
