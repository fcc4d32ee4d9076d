import { useState, type ReactElement } from 'react';
import { Button, Confirm, useRecordContext, type RaRecord } from 'react-admin';
import { httpClient, type Method } from '../providers/httpClient';
import { useApiCall } from './useApiCall';
import { useHasPermission } from './usePermission';

export interface CallButtonProps {
  /** i18n key of the button text. */
  label: string;
  icon?: ReactElement;
  method: Method;
  /** API url (without the `/prod-api` base); a function of the row for row buttons. */
  url: string | ((record: RaRecord) => string);
  /** JSON body of the call (e.g. `{ roleId, userId }`), from the row for row buttons. */
  body?: (record: RaRecord) => unknown;
  /** Shown only to users holding this permission string. */
  permission?: string;
  /** i18n keys of a confirm dialog; without them the call is made at once. */
  confirmTitle?: string;
  confirmContent?: string;
  /** Placeholders of the confirm texts, from the row (e.g. `{ name: record.userName }`). */
  confirmOptions?: (record: RaRecord | undefined) => Record<string, unknown>;
  /** i18n key notified on success; the server's message otherwise. */
  successMessage?: string;
  /** Called after a successful call (e.g. to clear the list's selection). */
  onSuccess?: () => void;
  color?: 'primary' | 'error' | 'inherit';
}

/**
 * A toolbar or row button that calls one API route (after an optional confirmation), notifies the outcome and
 * refreshes the list: 刷新缓存, 清空, 解锁, 强退...
 */
export function CallButton(props: CallButtonProps) {
  const {
    label,
    icon,
    method,
    url,
    body,
    permission,
    confirmTitle,
    confirmContent,
    confirmOptions,
    successMessage,
    onSuccess,
    color = 'primary',
  } = props;
  const record = useRecordContext();
  const allowed = useHasPermission(permission);
  const [open, setOpen] = useState(false);
  const { run, busy: loading } = useApiCall();
  if (!allowed) return null;

  const call = async () => {
    const row = record ?? ({} as RaRecord);
    const target = typeof url === 'function' ? url(row) : url;
    const done = await run(() => httpClient.request(target, { method, data: body?.(row) }), successMessage);
    setOpen(false);
    if (done) onSuccess?.();
  };

  return (
    <>
      <Button
        label={label}
        color={color}
        disabled={loading}
        onClick={(e) => {
          e.stopPropagation();
          if (confirmTitle) setOpen(true);
          else void call();
        }}
      >
        {icon}
      </Button>
      {confirmTitle ? (
        <Confirm
          isOpen={open}
          loading={loading}
          title={confirmTitle}
          content={confirmContent ?? ''}
          translateOptions={confirmOptions?.(record)}
          onConfirm={call}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
