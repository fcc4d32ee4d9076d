import type { GenTableColumn } from '../gen-table.entity';
import { hasLength, humanize, isInteger, labelOf, str, type GenContext } from './context';

/** A JSX attribute value: JSX strings know no escapes, so anything but plain name characters goes in as an expression. */
const attr = (value: string) => (/^[A-Za-z0-9_.:/ -]*$/.test(value) ? `"${value}"` : `{${str(value)}}`);

const label = (x: GenContext, c: GenTableColumn) => attr(`app.${x.msg}.${c.fieldName}`);

/** The input of a form field by its form kind; dictionary choices come from the server's dictionary. */
function input(x: GenContext, c: GenTableColumn, dicts: Map<string, string>): string {
  const validate: string[] = [];
  if (c.isRequired || c.isPk) validate.push('required()');
  if (hasLength(c)) validate.push(`maxLength(${c.maxLength})`);
  const v = validate.length ? ` validate={[${validate.join(', ')}]}` : '';
  const common = `source=${attr(c.fieldName)} label=${label(x, c)}`;
  const choices = c.dictType ? ` choices={${dicts.get(c.dictType)}} translateChoice={false}` : ' choices={[]}';
  switch (c.htmlType) {
    case 'textarea':
    case 'editor':
      // A rich text editor is a screen's own choice (see cms/content); the generated form starts with plain text.
      return `<TextInput ${common} multiline${v} />`;
    case 'select':
      return `<SelectInput ${common}${choices}${v} />`;
    case 'radio':
      return c.tsType === 'boolean' ? `<BooleanInput ${common} />` : `<RadioButtonGroupInput ${common}${choices}${v} />`;
    case 'checkbox':
      return c.tsType === 'boolean' ? `<BooleanInput ${common} />` : `<CheckboxGroupInput ${common}${choices} />`;
    case 'datetime':
      return `<DateTimeInput ${common}${v} />`;
    case 'imageUpload':
    case 'fileUpload':
      // The path of a file uploaded through /common/upload; a picker can replace this input.
      return `<TextInput ${common}${v} />`;
    default:
      return c.tsType === 'number' ? `<NumberInput ${common}${v}${isInteger(c) ? ' step={1}' : ''} />` : `<TextInput ${common}${v} />`;
  }
}

function field(x: GenContext, c: GenTableColumn, dicts: Map<string, string>): string {
  const common = `source=${attr(c.fieldName)} label=${label(x, c)}`;
  if (c.dictType) return `<DictField ${common} choices={${dicts.get(c.dictType)}} translateChoice={false} />`;
  if (c.tsType === 'Date') return `<DateTimeField ${common} />`;
  if (c.tsType === 'number') return `<NumberField ${common} />`;
  if (c.tsType === 'boolean') return `<BooleanField ${common} />`;
  return `<TextField ${common} />`;
}

/** The list, add and change screens, like screens/system/post. */
export function screenFile(x: GenContext): string {
  const C = x.className;
  const dictTypes = [...new Set(x.columns.map((c) => c.dictType).filter(Boolean))];
  const dicts = new Map(dictTypes.map((d, i) => [d, `dict${i}`]));
  const filters = x.queried.map((c) =>
    c.queryType === 'BETWEEN' || c.tsType === 'Date'
      ? `  <TextInput key=${attr(c.fieldName)} source=${attr(c.queryType === 'BETWEEN' ? `begin${c.fieldName.replace(/^[a-z]/, (s) => s.toUpperCase())}` : c.fieldName)} label=${label(x, c)} type="date" />,`
      : `  <TextInput key=${attr(c.fieldName)} source=${attr(c.fieldName)} label=${label(x, c)} alwaysOn />,`,
  );
  const listFields = x.listed.filter((c) => !c.isPk || !c.isIncrement).map((c) => `        ${field(x, c, dicts)}`);
  const inputs = x.editable.map((c) => `      ${input(x, c, dicts)}`);
  const body = [...listFields, ...inputs, ...filters].join('\n');
  const ra = [
    'BooleanField',
    'BooleanInput',
    'CheckboxGroupInput',
    'Create',
    'Datagrid',
    'DateTimeInput',
    'DeleteButton',
    'EditButton',
    'maxLength',
    'NumberField',
    'NumberInput',
    'RadioButtonGroupInput',
    'required',
    'SelectInput',
    'TextField',
    'TextInput',
  ].filter((n) => ['Create', 'Datagrid', 'DeleteButton', 'EditButton', 'TextInput'].includes(n) || new RegExp(`(<${n}\\b|\\b${n}\\()`).test(body));
  const dictHooks = dictTypes.map((d) => `  const ${dicts.get(d)} = useDict(${str(d)});`);
  const nameSource = (x.editable.find((c) => c.tsType === 'string' && !c.isPk) ?? x.pk).fieldName;
  return [
    `import { ${ra.join(', ')} } from 'react-admin';`,
    `import { ScreenList } from '../../../components/ScreenList';`,
    `import { EditForm } from '../../../components/EditForm';`,
    `import { EditPage } from '../../../components/EditPage';`,
    ...(/<DateTimeField/.test(body) ? [`import { DateTimeField } from '../../../components/DateTimeField';`] : []),
    ...(/<DictField/.test(body) ? [`import { DictField } from '../../../components/DictField';`] : []),
    ...(dictTypes.length ? [`import { useDict } from '../../../components/useDict';`] : []),
    '',
    'const filters = [',
    ...filters,
    '];',
    '',
    `/** ${x.table.functionName.replace(/\*\//g, '')}: paged list with filters, add, change, delete and the server's Excel export. */`,
    `export function ${C}List() {`,
    ...dictHooks,
    '  return (',
    '    <ScreenList filters={filters}>',
    '      <Datagrid rowClick={false} bulkActionButtons={false}>',
    ...listFields,
    '        <EditButton />',
    '        <DeleteButton mutationMode="pessimistic" />',
    '      </Datagrid>',
    '    </ScreenList>',
    '  );',
    '}',
    '',
    `function ${C}Form() {`,
    ...dictHooks,
    '  return (',
    '    <EditForm deleteButton={<DeleteButton mutationMode="pessimistic" />}>',
    ...inputs,
    '    </EditForm>',
    '  );',
    '}',
    '',
    `export function ${C}Create() {`,
    '  return (',
    '    <Create redirect="list">',
    `      <${C}Form />`,
    '    </Create>',
    '  );',
    '}',
    '',
    `export function ${C}Edit() {`,
    '  return (',
    `    <EditPage titleKey=${attr(`app.edit_title.${x.msg}`)} nameSource=${attr(nameSource)}>`,
    `      <${C}Form />`,
    '    </EditPage>',
    '  );',
    '}',
    '',
  ].join('\n');
}

/** Lines to paste into other files: registries, the menu seed, permissions, the admin catalogs. */
export function snippetsFile(x: GenContext): string {
  const C = x.className;
  const dir = `${x.folder}`;
  const f = x.table.functionName;
  const en = humanize(x.className);
  const i18n = (lang: 'zh' | 'en') =>
    [
      `    ${x.msg}: {`,
      ...x.columns.map((c) => `      ${c.fieldName}: ${str(lang === 'en' ? humanize(c.fieldName) : labelOf(c))},`),
      '    },',
      `    // edit_title: { ${x.msg}: ${str(lang === 'en' ? `Change ${en.toLowerCase()} %{name}` : `修改${f} %{name}`)} },`,
    ].join('\n');
  return [
    '// ---- server/src/app.module.ts: FEATURE_MODULES',
    `  ${C}Module, // import { ${C}Module } from './${dir}/${x.stem}.module';`,
    '',
    '// ---- server/src/database/migrations/index.ts',
    `  ${C}${x.migrationTime}, // import { ${C}${x.migrationTime} } from './${x.migrationTime}-${C}';`,
    '',
    '// ---- server/src/auth/permissions.ts: PERMISSIONS, in menu order',
    ...['list', 'query', 'add', 'edit', 'remove', 'export'].map((a) => `  '${x.perm}:${a}',`),
    '',
    '// ---- server/src/system/menu/menu.seed-data.ts: inside a dir(...) of MENU_TREE',
    '  screen({',
    `    key: ${str(x.msg)},`,
    `    name: names(${str(f)}, ${str(f)}, ${str(en)}),`,
    `    noun: noun(${str(f)}, ${str(f)}, ${str(en.toLowerCase())}),`,
    `    path: ${str(x.table.businessName)},`,
    `    component: ${str(`${x.route}/index`)},`,
    `    perms: ${str(`${x.perm}:list`)},`,
    `    icon: 'list',`,
    `    buttons: ['query', 'add', 'edit', 'remove', 'export'],`,
    '  }),',
    '',
    '// ---- admin-client/src/screens/registry.ts: SCREENS',
    '  {',
    `    component: ${str(`${x.route}/index`)},`,
    `    resource: ${str(x.route)},`,
    `    primaryKey: ${str(x.pk.fieldName)},`,
    `    list: lazy(() => import('./${dir}/${C}Screens').then((m) => ({ default: m.${C}List }))),`,
    `    create: lazy(() => import('./${dir}/${C}Screens').then((m) => ({ default: m.${C}Create }))),`,
    `    edit: lazy(() => import('./${dir}/${C}Screens').then((m) => ({ default: m.${C}Edit }))),`,
    '  },',
    '',
    '// ---- admin-client/src/i18n/zh-CN.ts and zh-TW.ts: under app',
    i18n('zh'),
    '',
    '// ---- admin-client/src/i18n/en.ts: under app',
    i18n('en'),
    '',
  ].join('\n');
}
