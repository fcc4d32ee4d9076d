import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { httpClient } from '../../providers/httpClient';
import { PUBLISH_FLAG_KEY, startPublishPoller } from './publishPoller';

/** Number of pending static-publish tasks, shown only while above 0 (polling rules in publishPoller). */
export function PublishTaskIndicator() {
  const translate = useTranslate();
  const [count, setCount] = useState(0);
  useEffect(
    () =>
      startPublishPoller({
        getFlag: () => localStorage.getItem(PUBLISH_FLAG_KEY),
        clearFlag: () => localStorage.removeItem(PUBLISH_FLAG_KEY),
        fetchCount: async () => Number((await httpClient.get<number>('/cms/publish/taskCount')).data) || 0,
        onCount: setCount,
        setInterval: (fn, ms) => window.setInterval(fn, ms),
        clearInterval: (handle) => window.clearInterval(handle as number),
      }),
    [],
  );
  if (count <= 0) return null;
  const label = translate('app.layout.publish_tasks', { count });
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} data-testid="publish-indicator">
        <Badge badgeContent={count} color="error" max={999}>
          <CloudUploadIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
