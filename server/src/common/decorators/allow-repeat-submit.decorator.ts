import { SetMetadata } from '@nestjs/common';

export const ALLOW_REPEAT_SUBMIT = 'zhiwen:allowRepeatSubmit';
/** Opts a POST/PUT route out of the repeat-submit guard (for idempotent or polled writes). */
export const AllowRepeatSubmit = () => SetMetadata(ALLOW_REPEAT_SUBMIT, true);
