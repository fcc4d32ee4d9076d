import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'zhiwen:isPublic';
/** Opens a route to callers without a token. Every other route is denied by default. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
