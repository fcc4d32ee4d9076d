import { SetMetadata } from '@nestjs/common';

/** Kind of a logged operation (dict `sys_oper_type`). */
export const BusinessType = {
  OTHER: 0,
  INSERT: 1,
  UPDATE: 2,
  DELETE: 3,
  GRANT: 4,
  EXPORT: 5,
  IMPORT: 6,
  FORCE: 7,
  GENCODE: 8,
  CLEAN: 9,
} as const;
export type BusinessTypeValue = (typeof BusinessType)[keyof typeof BusinessType];

export interface OperLogOptions {
  /** Module title, e.g. '用户管理'. */
  title: string;
  businessType: BusinessTypeValue;
  /** Keep the request parameters in the log (secrets are masked). Default true. */
  saveParams?: boolean;
  /** Keep the answer in the log. Default true. */
  saveResult?: boolean;
}

export const OPER_LOG = 'zhiwen:operLog';
/** Records this write route in the operation log (who, what, parameters with secrets masked, result, duration). */
export const OperLog = (options: OperLogOptions) => SetMetadata(OPER_LOG, options);
