import SaveIcon from '@mui/icons-material/Save';
import {
  Box,
  Checkbox,
  Link as MuiLink,
  MenuItem,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, useNotify, useTranslate } from 'react-admin';
import { EmptyTableRow } from '../../../components/EmptyTableRow';
import { useApiData } from '../../../components/useApiData';
import { httpClient } from '../../../providers/httpClient';

export type OwnerType = 'role' | 'user';
type Kind = 'site' | 'catalog' | 'pageWidget';

/** A row of a matrix as `/cms/perms/...` answers it. */
interface MatrixRow {
  id: string;
  name: string;
  granted: string[];
  inherited: string[];
  editable: string[];
  children?: MatrixRow[];
}
interface Matrix {
  items: Array<{ id: string; name: string }>;
  rows: MatrixRow[];
  ownerName: string;
}

/** Rows top-down with their depth (the catalog tree is indented). */
const flatten = (rows: MatrixRow[], depth = 0): Array<MatrixRow & { depth: number }> =>
  rows.flatMap((r) => [{ ...r, depth }, ...flatten(r.children ?? [], depth + 1)]);

/** The 权限 page of a role or user: ChestnutCMS's site, catalog and page-widget permission tabs. */
export function PermissionPage({ ownerType }: { ownerType: OwnerType }) {
  const { ownerId = '' } = useParams();
  const translate = useTranslate();
  const [tab, setTab] = useState<Kind>('site');
  const owner = { ownerType, owner: ownerId };
  const { data: sites } = useApiData<Matrix>(/^\d+$/.test(ownerId) ? '/cms/perms/site' : undefined, owner, { notifyErrors: true });
  const [siteId, setSiteId] = useState('');
  useEffect(() => {
    if (sites && !siteId && sites.rows.length) setSiteId(sites.rows[0].id);
  }, [sites, siteId]);
  if (!sites) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="permission-page">
      <Typography variant="h6">
        <MuiLink component={Link} to={ownerType === 'role' ? '/system/role' : '/system/user'}>
          {translate(ownerType === 'role' ? 'app.cms_perms.back_role' : 'app.cms_perms.back_user')}
        </MuiLink>
        {' / '}
        {translate('app.cms_perms.title')}: {sites.ownerName}
      </Typography>
      <Tabs value={tab} onChange={(_, v: Kind) => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="site" label={translate('app.cms_perms.tab_site')} />
        <Tab value="catalog" label={translate('app.cms_perms.tab_catalog')} />
        <Tab value="pageWidget" label={translate('app.cms_perms.tab_page_widget')} />
      </Tabs>
      {tab !== 'site' ? (
        <TextField
          select
          size="small"
          label={translate('app.cms_perms.site')}
          value={siteId}
          onChange={(e) => setSiteId(e.target.value)}
          sx={{ minWidth: 240, mb: 2 }}
          slotProps={{ htmlInput: { 'data-testid': 'perms-site' } }}
        >
          {sites.rows.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {tab === 'site' ? <MatrixTab key="site" kind="site" owner={owner} /> : null}
      {tab !== 'site' && siteId ? <MatrixTab key={`${tab}-${siteId}`} kind={tab} owner={owner} siteId={siteId} /> : null}
    </Box>
  );
}

export const RolePermissionPage = () => <PermissionPage ownerType="role" />;
export const UserPermissionPage = () => <PermissionPage ownerType="user" />;

/** One tab: the matrix (rows = objects, columns = actions) with check-all per row and per column, saved as a whole. */
function MatrixTab({ kind, owner, siteId }: { kind: Kind; owner: { ownerType: OwnerType; owner: string }; siteId?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, reload } = useApiData<Matrix>(`/cms/perms/${kind}`, siteId ? { ...owner, siteId } : owner, { notifyErrors: true });
  const rows = useMemo(() => flatten(data?.rows ?? []), [data]);
  const [checked, setChecked] = useState<Map<string, Set<string>>>(new Map());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setChecked(new Map(flatten(data?.rows ?? []).map((r) => [r.id, new Set(r.granted)])));
  }, [data]);
  if (!data) return null;
  const items = data.items;
  const has = (rowId: string, action: string) => checked.get(rowId)?.has(action) ?? false;
  const set = (changes: Array<[string, string, boolean]>) =>
    setChecked((prev) => {
      const next = new Map([...prev].map(([k, v]) => [k, new Set(v)]));
      for (const [rowId, action, on] of changes) {
        const s = next.get(rowId) ?? new Set<string>();
        if (on) s.add(action);
        else s.delete(action);
        next.set(rowId, s);
      }
      return next;
    });
  const cellsOfRow = (r: MatrixRow) => items.filter((i) => r.editable.includes(i.id) && !r.inherited.includes(i.id)).map((i) => i.id);
  const cellsOfColumn = (action: string) => rows.filter((r) => r.editable.includes(action) && !r.inherited.includes(action));
  const allOn = (cells: Array<[string, string]>) => cells.length > 0 && cells.every(([r, a]) => has(r, a));
  const someOn = (cells: Array<[string, string]>) => cells.some(([r, a]) => has(r, a));

  const save = async () => {
    setBusy(true);
    try {
      const perms = rows.map((r) => ({ id: r.id, actions: [...(checked.get(r.id) ?? [])] }));
      const res = await httpClient.put<{ granted: string[]; revoked: string[] }>(`/cms/perms/${kind}`, {
        ...owner,
        ...(siteId ? { siteId } : {}),
        perms,
      });
      notify('app.cms_perms.saved', {
        type: 'success',
        messageArgs: { granted: res.data?.granted.length ?? 0, revoked: res.data?.revoked.length ?? 0 },
      });
      reload();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid={`perms-${kind}`}>
      <TableContainer sx={{ maxHeight: '65vh' }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell sx={{ minWidth: 160, whiteSpace: 'nowrap' }}>
                {translate(kind === 'site' ? 'app.cms_perms.site' : kind === 'catalog' ? 'app.cms_perms.catalog' : 'app.cms_perms.page_widget')}
              </TableCell>
              <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
                {translate('app.cms_perms.all')}
              </TableCell>
              {items.map((item) => {
                const cells = cellsOfColumn(item.id).map((r): [string, string] => [r.id, item.id]);
                return (
                  <TableCell key={item.id} align="center" sx={{ whiteSpace: 'nowrap' }}>
                    <Checkbox
                      size="small"
                      checked={allOn(cells)}
                      indeterminate={!allOn(cells) && someOn(cells)}
                      disabled={!cells.length}
                      onChange={(e) => set(cells.map(([r, a]) => [r, a, e.target.checked]))}
                      slotProps={{ input: { 'aria-label': `${translate('app.cms_perms.all')} ${item.name}` } }}
                    />
                    {item.name}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? <EmptyTableRow colSpan={items.length + 2} /> : null}
            {rows.map((r) => {
              const cells = cellsOfRow(r).map((a): [string, string] => [r.id, a]);
              return (
                <TableRow key={r.id} hover data-testid={`perms-row-${r.id}`}>
                  <TableCell sx={{ pl: 2 + r.depth * 3, minWidth: 160, whiteSpace: 'nowrap' }}>{r.name}</TableCell>
                  <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
                    <Checkbox
                      size="small"
                      checked={allOn(cells)}
                      indeterminate={!allOn(cells) && someOn(cells)}
                      disabled={!cells.length}
                      onChange={(e) => set(cells.map(([rid, a]) => [rid, a, e.target.checked]))}
                      slotProps={{ input: { 'aria-label': `${translate('app.cms_perms.all')} ${r.name}` } }}
                    />
                  </TableCell>
                  {items.map((item) => {
                    const inherited = r.inherited.includes(item.id);
                    return (
                      <TableCell key={item.id} align="center">
                        <Checkbox
                          size="small"
                          checked={inherited || has(r.id, item.id)}
                          disabled={inherited || !r.editable.includes(item.id)}
                          title={inherited ? translate('app.cms_perms.inherited') : undefined}
                          onChange={(e) => set([[r.id, item.id, e.target.checked]])}
                          slotProps={{ input: { 'aria-label': `${r.name} ${item.name}` } }}
                        />
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {owner.ownerType === 'user' ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {translate('app.cms_perms.inherited_help')}
        </Typography>
      ) : null}
      <Button label="app.cms_perms.save" variant="contained" sx={{ mt: 2 }} disabled={busy} onClick={() => void save()}>
        <SaveIcon />
      </Button>
    </Box>
  );
}
