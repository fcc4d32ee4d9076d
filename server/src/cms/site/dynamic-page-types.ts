import { t } from '../../common/i18n/i18n';

/** A request argument a dynamic page reads. */
export interface DynamicPageArg {
  name: string;
  type: 'string' | 'number';
  mandatory: boolean;
  defaultValue: string;
  description: string;
}

/** A kind of page rendered on request (not published as a file), after ChestnutCMS's IDynamicPageType. */
export interface DynamicPageType {
  type: string;
  name: string;
  description: string;
  /** Path under the site, `{x}` for path arguments. */
  requestPath: string;
  requestArgs: DynamicPageArg[];
}

const arg = (name: string, key: string, mandatory = false, type: DynamicPageArg['type'] = 'string', defaultValue = ''): DynamicPageArg => ({
  name,
  type,
  mandatory,
  defaultValue,
  description: t(`cms.dynamicPage.arg.${key}`),
});

/** The dynamic page types, in the request's language. */
export function dynamicPageTypes(): DynamicPageType[] {
  const pp = () => arg('pp', 'pp', false, 'string', 'pc');
  const page = (type: string, requestPath: string, requestArgs: DynamicPageArg[]): DynamicPageType => ({
    type,
    name: t(`cms.dynamicPage.${type}`),
    description: t(`cms.dynamicPage.${type}.desc`),
    requestPath,
    requestArgs,
  });
  return [
    page('search', '/_search', [arg('q', 'q', true), arg('ct', 'contentType'), arg('page', 'page', false, 'number', '1'), pp()]),
    page('tag', '/_tag', [arg('tag', 'tag', true), arg('page', 'page', false, 'number', '1'), pp()]),
    page('login', '/account/login', [arg('redirect', 'redirect'), pp()]),
    page('register', '/account/register', [arg('redirect', 'redirect'), pp()]),
    page('memberCenter', '/account/{memberId}', [arg('memberId', 'memberId', true, 'number'), arg('page', 'page', false, 'number', '1'), pp()]),
    page('memberSetting', '/account/setting', [pp()]),
    page('memberPassword', '/account/password', [pp()]),
  ];
}
