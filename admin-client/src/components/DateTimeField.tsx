import { FunctionField, type FunctionFieldProps } from 'react-admin';
import { formatDateTime } from '@zhiwen/shared';

/** A date shown in the product's format `{y}-{m}-{d} {h}:{i}:{s}`. */
export function DateTimeField(props: Omit<FunctionFieldProps, 'render'> & { source: string }) {
  return <FunctionField {...props} render={(record) => formatDateTime(record?.[props.source])} />;
}
