import type { RaRecord } from 'react-admin';

/** The super administrator role: it holds every permission and cannot be changed (the server refuses). */
export const isSuperRole = (record: RaRecord | undefined) => record?.roleKey === 'admin';

/** The 分配用户 page of a role (spec 2.4: /system/role-auth/user/:roleId). */
export const roleAuthUserPath = (roleId: string | number) => `/system/role-auth/user/${roleId}`;

/** Users holding a role (filter `roleId`), and users not holding it (the add dialog). Rows are users (`userId`). */
export const ROLE_USERS_RESOURCE = 'system/role/authUser/allocated';
export const ROLE_CANDIDATES_RESOURCE = 'system/role/authUser/unallocated';
