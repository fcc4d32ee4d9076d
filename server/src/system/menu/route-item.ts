/** One node of `GET /getRouters` (DESIGN section 5). */
export interface RouteItem {
  name: string;
  path: string;
  hidden: boolean;
  redirect?: string;
  component: string;
  alwaysShow?: boolean;
  query?: string;
  meta?: { title: string; icon: string; noCache: boolean; link: string | null; affix?: boolean; breadcrumb?: boolean; activeMenu?: string };
  children?: RouteItem[];
}
