import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { api, expectOk, type ApiTarget, type Lazy } from './api';
import { memberTokenOf } from './member';
import { createRole, createStaffUser, tokenOf } from './staff';
import type { TestApp } from './test-app';

/**
 * Data factories: each makes one record with unique defaults (a counter in the name) that a test overrides
 * only where it matters. Staff users and roles are written by the owning service's tables (as the seeds do);
 * members, sites, catalogs and content go through the real API, so they are what a user would have made.
 */

let serial = 0;
/** A name no other factory call in this test file has answered: `${prefix}${n}`. */
export const unique = (prefix: string) => `${prefix}${++serial}`;

type AppLike = TestApp | INestApplication;
const nestApp = (app: AppLike): INestApplication => ('app' in app && 'server' in app ? (app as TestApp).app : (app as INestApplication));

export interface StaffUser {
  id: string;
  userName: string;
  password: string;
  /** A fresh sign-in token (omitted with `signIn: false`). */
  token: string;
}

/** A staff user (in the lowest department) with the given roles, signed in. */
export async function staffUserFactory(
  app: AppLike,
  overrides: {
    userName?: string;
    password?: string;
    roles?: string[];
    email?: string;
    phonenumber?: string;
    status?: '0' | '1';
    signIn?: boolean;
  } = {},
): Promise<StaffUser> {
  const { signIn = true, ...user } = overrides;
  const userName = user.userName ?? unique('staff');
  const password = user.password ?? 'Staff12345';
  const id = await createStaffUser(nestApp(app), { ...user, userName, password });
  return { id, userName, password, token: signIn && user.status !== '1' ? await tokenOf(nestApp(app), userName, password) : '' };
}

/** A role granted the listed menus (with their buttons, sub-menus and ancestors), as ticking them in the menu tree does. */
export async function roleFactory(app: AppLike, overrides: { roleKey?: string; menus?: string[] } = {}): Promise<{ id: string; roleKey: string }> {
  const roleKey = overrides.roleKey ?? unique('role_');
  return { id: await createRole(nestApp(app), roleKey, overrides.menus ?? []), roleKey };
}

export interface Member {
  id: string;
  userName: string;
  password: string;
  token: string;
}

/** A member registered through POST /register (captcha solved), with its token. */
export async function memberFactory(app: AppLike, overrides: { userName?: string; password?: string } = {}): Promise<Member> {
  const userName = overrides.userName ?? unique('member');
  const password = overrides.password ?? 'Member123';
  const token = await memberTokenOf(nestApp(app), userName, password);
  const [{ member_id }] = await nestApp(app).get(DataSource).query(`SELECT member_id::text FROM member_user WHERE user_name = $1`, [userName]);
  return { id: member_id as string, userName, password, token };
}

/** Who creates CMS records: the app and a token with the rights (the admin's, usually). */
export interface Creator {
  target: Lazy<ApiTarget>;
  token: Lazy<string>;
}

/** A CMS site through POST /cms/site (pipes pc and h5, the default theme; its creator is granted it). */
export async function siteFactory(by: Creator, overrides: Record<string, unknown> & { name?: string; path?: string } = {}) {
  const n = ++serial;
  const body = { name: `站点${n}`, path: `fsite${n}`, sort: n, ...overrides };
  const data = expectOk(await api(by.target, { token: by.token }).post('/cms/site', body));
  return { siteId: data.siteId as string, name: body.name, path: body.path };
}

/** A catalog of `siteId` through POST /cms/catalog; answers what the API answers (catalogId, path, ancestors, …). */
export async function catalogFactory(
  by: Creator,
  siteId: string,
  overrides: Record<string, unknown> & { name?: string; alias?: string; parentId?: string } = {},
) {
  const n = ++serial;
  const res = await api(by.target, { token: by.token, headers: { CurrentSite: siteId } }).post('/cms/catalog', {
    name: `栏目${n}`,
    alias: `fcat${n}`,
    ...overrides,
  });
  return expectOk<{ catalogId: string; path: string; ancestors: string; treeLevel: number; sortFlag: string; parentId: string }>(res);
}

/** An article (draft) in `catalogId` through POST /cms/content; answers its id and title. */
export async function contentFactory(by: Creator, siteId: string, catalogId: string, overrides: Record<string, unknown> & { title?: string } = {}) {
  const body = { catalogId, contentType: 'article', title: unique('Article '), contentHtml: '<p>x</p>', ...overrides };
  const res = await api(by.target, { token: by.token, headers: { CurrentSite: siteId } }).post('/cms/content', body);
  return { contentId: expectOk(res).contentId as string, title: body.title as string };
}
