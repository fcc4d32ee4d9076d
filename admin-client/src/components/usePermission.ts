import { usePermissions } from 'react-admin';
import { hasPermissionString, type StaffPermissions } from '../providers/authProvider';

/** Whether the signed-in user holds one permission string (e.g. `monitor:online:forceLogout`); `*` means all. */
export function useHasPermission(permission: string | undefined): boolean {
  const { permissions } = usePermissions<StaffPermissions>();
  return permission === undefined || hasPermissionString(permissions?.permissions, permission);
}
