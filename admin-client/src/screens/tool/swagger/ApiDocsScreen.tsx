import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useDeferredValue, useMemo, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useApiData } from '../../../components/useApiData';
import {
  groupByTag,
  operationsOf,
  refName,
  resolveParameter,
  searchOperations,
  typeLabel,
  type OpenApiDocument,
  type OperationEntry,
  type Schema,
} from './openapi';

const METHOD_COLORS: Record<string, 'success' | 'primary' | 'warning' | 'error' | 'default'> = {
  get: 'primary',
  post: 'success',
  put: 'warning',
  patch: 'warning',
  delete: 'error',
};

/** A schema's fields, nested objects indented, `$ref`s followed into the components (each once per branch). */
function SchemaView({ doc, schema, seen = [] }: { doc: OpenApiDocument; schema: Schema | undefined; seen?: string[] }) {
  if (!schema) return null;
  const ref = schema.$ref ? refName(schema.$ref) : undefined;
  if (ref && seen.includes(ref)) return <Typography variant="body2">{ref}</Typography>;
  const target = ref ? doc.components?.schemas?.[ref] : schema;
  const nextSeen = ref ? [...seen, ref] : seen;
  if (!target) return <Typography variant="body2">{typeLabel(schema)}</Typography>;
  if (target.type === 'array') {
    return (
      <Box>
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {typeLabel(target)}
        </Typography>
        <Box sx={{ pl: 2 }}>
          <SchemaView doc={doc} schema={target.items} seen={nextSeen} />
        </Box>
      </Box>
    );
  }
  const props = Object.entries(target.properties ?? {});
  const parts = target.allOf ?? target.oneOf ?? target.anyOf;
  if (!props.length && !parts)
    return (
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
        {ref ?? typeLabel(target)}
      </Typography>
    );
  return (
    <Box sx={{ fontFamily: 'monospace', fontSize: 13 }}>
      {ref ? (
        <Typography variant="caption" color="text.secondary">
          {ref}
        </Typography>
      ) : null}
      {parts?.map((p, i) => (
        <SchemaView key={i} doc={doc} schema={p} seen={nextSeen} />
      ))}
      {props.map(([name, p]) => {
        const nested = p.$ref || p.properties || (p.type === 'array' && (p.items?.$ref || p.items?.properties));
        return (
          <Box key={name} sx={{ pl: 1, borderLeft: 1, borderColor: 'divider', my: 0.25 }}>
            <span>
              <b>{name}</b>
              {target.required?.includes(name) ? <span style={{ color: '#d32f2f' }}> *</span> : null}: {typeLabel(p)}
            </span>
            {p.description ? <span style={{ color: 'gray' }}> — {p.description}</span> : null}
            {nested ? (
              <Box sx={{ pl: 2 }}>
                <SchemaView doc={doc} schema={p.type === 'array' ? p.items : p} seen={nextSeen} />
              </Box>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}

/** Parameters, request body and responses of one operation (rendered only once opened). */
function OperationDetails({ doc, entry }: { doc: OpenApiDocument; entry: OperationEntry }) {
  const translate = useTranslate();
  const tr = (key: string) => translate(`app.apiDocs.${key}`);
  const params = (entry.op.parameters ?? []).map((p) => resolveParameter(doc, p));
  const body = entry.op.requestBody?.content;
  return (
    <Box data-testid={`api-details-${entry.key}`}>
      {entry.op.description ? <Typography sx={{ mb: 1 }}>{entry.op.description}</Typography> : null}
      <Typography variant="subtitle2">{tr('parameters')}</Typography>
      {params.length ? (
        <Table size="small" sx={{ mb: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>{tr('name')}</TableCell>
              <TableCell>{tr('in')}</TableCell>
              <TableCell>{tr('type')}</TableCell>
              <TableCell>{tr('required')}</TableCell>
              <TableCell>{tr('description')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {params.map((p) => (
              <TableRow key={`${p.in}:${p.name}`}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{p.name}</TableCell>
                <TableCell>{p.in}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{typeLabel(p.schema)}</TableCell>
                <TableCell>{p.required ? '✓' : ''}</TableCell>
                <TableCell>{p.description ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {tr('no_parameters')}
        </Typography>
      )}
      {body ? (
        <>
          <Typography variant="subtitle2">{tr('request_body')}</Typography>
          {Object.entries(body).map(([type, c]) => (
            <Box key={type} sx={{ mb: 2 }}>
              <Typography variant="caption" color="text.secondary">
                {type}
              </Typography>
              <SchemaView doc={doc} schema={c.schema} />
            </Box>
          ))}
        </>
      ) : null}
      <Typography variant="subtitle2">{tr('responses')}</Typography>
      {Object.entries(entry.op.responses ?? {}).map(([status, r]) => (
        <Box key={status} sx={{ mb: 1 }}>
          <Typography variant="body2">
            <b>{status}</b> {r.description ?? ''}
          </Typography>
          {Object.entries(r.content ?? {}).map(([type, c]) => (
            <Box key={type} sx={{ pl: 2 }}>
              <Typography variant="caption" color="text.secondary">
                {type}
              </Typography>
              <SchemaView doc={doc} schema={c.schema} />
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

/**
 * 系统接口: the server's OpenAPI document (`GET /tool/swagger/api-docs`, with the staff token and tool:swagger:list)
 * in a light viewer of our own: tags, their operations, parameters, bodies and responses, with a search.
 */
export function ApiDocsScreen() {
  const translate = useTranslate();
  const tr = (key: string, options?: Record<string, unknown>) => translate(`app.apiDocs.${key}`, options);
  const { data: doc, error } = useApiData<OpenApiDocument>('/tool/swagger/api-docs');
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const untagged = tr('untagged');
  const all = useMemo(() => (doc ? operationsOf(doc, untagged) : []), [doc, untagged]);
  const shown = useMemo(() => searchOperations(all, deferred), [all, deferred]);
  const groups = useMemo(() => (doc ? groupByTag(shown, doc) : []), [doc, shown]);

  return (
    <Box sx={{ mt: 2 }} data-testid="api-docs">
      <Title title={tr('title')} />
      {error ? <Alert severity="error">{tr('load_failed', { error: error.message })}</Alert> : null}
      {doc ? (
        <Card>
          <CardContent>
            <Typography variant="h5" component="h2">
              {doc.info.title} <Chip size="small" label={doc.info.version} />{' '}
              <Chip size="small" variant="outlined" label={`OpenAPI ${doc.openapi}`} />
            </Typography>
            {doc.info.description ? (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {doc.info.description}
              </Typography>
            ) : null}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 2 }}>
              <TextField
                size="small"
                label={tr('search')}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                sx={{ flex: 1, maxWidth: 560 }}
                slotProps={{ htmlInput: { 'data-testid': 'api-search' } }}
              />
              <Typography color="text.secondary" data-testid="api-count">
                {tr('count', { n: shown.length })}
              </Typography>
            </Box>
            {!groups.length ? <Typography color="text.secondary">{tr('none')}</Typography> : null}
            {groups.map(([tag, ops]) => (
              <Box key={tag} sx={{ mb: 2 }} data-testid={`api-tag-${tag}`}>
                <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                  {tag} <Chip size="small" label={ops.length} />
                </Typography>
                {ops.map((o) => (
                  <Accordion key={o.key} disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
                    <AccordionSummary expandIcon={<ExpandMoreIcon />} data-testid={`api-op-${o.key}`}>
                      <Chip size="small" color={METHOD_COLORS[o.method] ?? 'default'} label={o.method.toUpperCase()} sx={{ width: 72, mr: 2 }} />
                      <Typography sx={{ fontFamily: 'monospace', mr: 2, wordBreak: 'break-all' }}>{o.path}</Typography>
                      <Typography color="text.secondary">{o.op.summary ?? ''}</Typography>
                    </AccordionSummary>
                    <AccordionDetails>
                      <OperationDetails doc={doc} entry={o} />
                    </AccordionDetails>
                  </Accordion>
                ))}
              </Box>
            ))}
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}
