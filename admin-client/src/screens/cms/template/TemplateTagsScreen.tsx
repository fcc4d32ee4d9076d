import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  InputAdornment,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { httpClient } from '../../../providers/httpClient';
import { filterTagDocs, type TemplateTagDoc } from './template';

const KINDS = ['', 'tag', 'filter', 'object'] as const;

/** 模板标签与函数: the tags, filters and objects templates can use (`GET /cms/template/tags`), searchable. */
export function TemplateTagsScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const [docs, setDocs] = useState<TemplateTagDoc[] | null>(null);
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<string>('');
  useEffect(() => {
    let live = true;
    httpClient
      .get<TemplateTagDoc[]>('/cms/template/tags')
      .then((r) => live && setDocs(Array.isArray(r.data) ? r.data : []))
      .catch((err: Error) => {
        if (!live) return;
        setDocs([]);
        notify(err.message, { type: 'error' });
      });
    return () => {
      live = false;
    };
  }, [notify]);
  const shown = useMemo(() => filterTagDocs(docs ?? [], search, kind), [docs, search, kind]);
  return (
    <Box sx={{ p: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          type="search"
          label={translate('app.cms_template.tags_search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ minWidth: 280 }}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={kind}
          onChange={(_, v: string | null) => setKind(v ?? '')}
          aria-label={translate('app.cms_template.tags_kind')}
        >
          {KINDS.map((k) => (
            <ToggleButton key={k || 'all'} value={k}>
              {translate(`app.cms_template.kind_${k || 'all'}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary">
          {docs ? translate('app.cms_template.tags_count', { count: shown.length }) : ''}
        </Typography>
      </Stack>
      {docs && !shown.length ? <Alert severity="info">{translate('app.cms_template.tags_none')}</Alert> : null}
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('app.cms_template.tags_list')}>
        {shown.map((d) => (
          <Card key={`${d.kind}:${d.name}`} variant="outlined" component="li" aria-label={d.name}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="h6" component="h3" sx={{ fontFamily: 'monospace' }}>
                  {d.name}
                </Typography>
                <Chip size="small" label={translate(`app.cms_template.kind_${['tag', 'filter', 'object'].includes(d.kind) ? d.kind : 'all'}`)} />
              </Stack>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {d.description}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {translate('app.cms_template.syntax')}
              </Typography>
              <Box
                component="pre"
                sx={{ fontFamily: 'monospace', fontSize: 13, bgcolor: 'action.hover', p: 1, borderRadius: 1, whiteSpace: 'pre-wrap', mt: 0.5 }}
              >
                {d.syntax}
              </Box>
              {d.args?.length ? (
                <Table size="small" sx={{ mb: 1 }} aria-label={translate('app.cms_template.args')}>
                  <TableBody>
                    {d.args.map((a) => (
                      <TableRow key={a.name}>
                        <TableCell sx={{ fontFamily: 'monospace', width: 180 }}>{a.name}</TableCell>
                        <TableCell>{a.description}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : null}
              <Typography variant="caption" color="text.secondary">
                {translate('app.cms_template.example')}
              </Typography>
              <Box
                component="pre"
                sx={{ fontFamily: 'monospace', fontSize: 13, bgcolor: 'action.hover', p: 1, borderRadius: 1, whiteSpace: 'pre-wrap', mt: 0.5, mb: 0 }}
              >
                {d.example}
              </Box>
            </CardContent>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}
