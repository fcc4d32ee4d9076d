import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { Link } from 'react-router';
import { Button, useRecordContext } from 'react-admin';
import { useHasPermission } from '../../../components/usePermission';
import { isSuperRole } from '../role/role';

/** The 权限 page of a role or user (site, catalog and page-widget rights). */
export const permissionPath = (ownerType: 'role' | 'user', ownerId: string | number) => `/system/${ownerType}-perms/${ownerId}`;

/** 权限: a row button of the role and user lists opening the grant page (not for the super administrator role). */
export function PermissionButton({ ownerType }: { ownerType: 'role' | 'user' }) {
  const record = useRecordContext();
  const allowed = useHasPermission(ownerType === 'role' ? 'system:role:edit' : 'system:user:edit');
  if (!allowed || !record || (ownerType === 'role' && isSuperRole(record))) return null;
  const id = ownerType === 'role' ? record.roleId : record.userId;
  return (
    <Button component={Link} label="app.cms_perms.button" to={permissionPath(ownerType, id)} onClick={(e) => e.stopPropagation()}>
      <VpnKeyIcon />
    </Button>
  );
}
