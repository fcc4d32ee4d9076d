import { lazy, type ComponentType } from 'react';

/** A back-office screen: which server route component it answers, its API resource and its views. */
export interface ScreenDefinition {
  /** The `component` of the menu table, e.g. `system/post/index`. */
  component: string;
  /** Screen path = react-admin resource name, e.g. `system/post`. */
  resource: string;
  /** API path when it differs from the screen path. */
  api?: string;
  /** Field that identifies a row. */
  primaryKey: string;
  list: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
}

/** Screens built so far; the others show a "being built" page. Each one is a separate chunk. */
export const SCREENS: ScreenDefinition[] = [
  {
    component: 'system/post/index',
    resource: 'system/post',
    primaryKey: 'postId',
    list: lazy(() => import('./system/post/PostScreens').then((m) => ({ default: m.PostList }))),
    create: lazy(() => import('./system/post/PostScreens').then((m) => ({ default: m.PostCreate }))),
    edit: lazy(() => import('./system/post/PostScreens').then((m) => ({ default: m.PostEdit }))),
  },
];

export const screenByComponent = (component: string) => SCREENS.find((s) => s.component === component);
