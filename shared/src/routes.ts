/** One node of `GET /getRouters`: the client route tree built from the menu table (RuoYi's shape). */
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
