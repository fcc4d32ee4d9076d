export type { RouteItem } from '@zhiwen/shared';
