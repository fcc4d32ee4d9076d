import { SelectInput, useTranslate } from 'react-admin';
import { useApiData } from '../../../components/useApiData';

const BINDINGS = [
  { source: 'siteExModel', label: 'app.exmodel.bind_site' },
  { source: 'catalogExModel', label: 'app.exmodel.bind_catalog' },
  { source: 'contentExModel', label: 'app.exmodel.bind_content' },
] as const;

/** The site's extension settings choosing its extension models (cms/exmodel): for itself, its catalogs, their content. */
export function ExModelBindingInputs() {
  const options = useApiData<{ modelId: string; name: string; code: string }[]>('/cms/exmodel/options');
  const translate = useTranslate();
  const choices = [
    { id: '', name: translate('app.exmodel.bind_none') },
    ...(options.data ?? []).map((m) => ({ id: m.modelId, name: `${m.name} (${m.code})` })),
  ];
  return (
    <>
      {BINDINGS.map((b) => (
        <SelectInput key={b.source} source={b.source} label={b.label} choices={choices} emptyText="app.exmodel.bind_none" translateChoice={false} />
      ))}
    </>
  );
}

/** The binding settings of a site's extension settings form, as the server takes them (model id or ''). */
export function exModelBindingsBody(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(BINDINGS.map((b) => [b.source, values[b.source] ? String(values[b.source]) : '']));
}
