// Shared DOM harness for the admin-client jsdom tests: a container per test, a react-admin context with an
// auth provider granting given permissions, a polling waitFor and small query helpers.
// Not a test file itself (vitest only collects `*.test.ts(x)`).
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { hasPermission } from '../../src/providers/authProvider';

let root: Root | undefined;
/** The element the current test renders into (set by `mountContainer`). */
export let container: HTMLElement;

/** Adds a fresh container to the page. */
export function mountContainer() {
  container = document.createElement('div');
  document.body.appendChild(container);
}

/** Unmounts what was rendered and removes the container. */
export function unmountContainer() {
  root?.unmount();
  container.remove();
}

/** Renders `node` as the root of the container. */
export function renderRoot(node: ReactNode) {
  root = createRoot(container);
  root.render(node);
}

/**
 * Registers the usual hooks for a screen test: Chinese locale and a fresh container before each test; after
 * each, unmount, empty the page and restore the mocks.
 */
export function useAdminHarness() {
  beforeEach(async () => {
    await i18nProvider.changeLocale('zh-CN');
    mountContainer();
  });

  afterEach(() => {
    unmountContainer();
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });
}

/** An auth provider of a signed-in user holding `permissions` (`extra` adds or replaces methods). */
export const authWith = (permissions: string[], extra: Partial<AuthProvider> = {}): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ roles: ['r'], permissions, routes: [] }),
  canAccess: async ({ resource, action }) => hasPermission(permissions, resource, action),
  ...extra,
});

/** Renders `ui` inside a react-admin context (router at `path`, the app's i18n, a user holding `permissions`). */
export function render(ui: ReactNode, dataProvider: Partial<DataProvider>, permissions: string[], path = '/', auth: Partial<AuthProvider> = {}) {
  renderRoot(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider as DataProvider} authProvider={authWith(permissions, auth)} i18nProvider={i18nProvider}>
        {ui}
      </AdminContext>
    </MemoryRouter>,
  );
}

/** Polls until `check` returns something truthy without throwing. */
export async function waitFor<T>(check: () => T, timeoutMs = 8000): Promise<NonNullable<T>> {
  const start = Date.now();
  let lastError: unknown = new Error('condition not met');
  while (Date.now() - start < timeoutMs) {
    try {
      const result = check();
      if (result) return result as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw lastError;
}

export const bodyText = () => document.body.textContent ?? '';
export const input = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
export const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('button')];
export const button = (text: string) => buttons().find((b) => b.textContent?.trim() === text);

/** Types into a React-controlled input the way a browser does (native setter, then an input event). */
export function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}
