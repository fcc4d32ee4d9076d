import LanguageIcon from '@mui/icons-material/Language';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { LAYOUT, type PageResult } from '@zhiwen/shared';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';
import { CURRENT_SITE_EVENT, switchCurrentSite } from '../../providers/currentSite';
import { httpClient } from '../../providers/httpClient';
import { PagePagination } from '../../components/PagePagination';

/** Config key that turns the CMS (and with it this selector) on. */
export const CMS_ENABLE_KEY = 'CMSModuleEnable';
const PAGE_SIZE = 10;

interface SiteRow {
  siteId: string;
  name: string;
  url?: string;
}

/** Whether config CMSModuleEnable is 'true'; false while unknown or on any failure. */
function useCmsEnabled(): boolean {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let live = true;
    httpClient
      .get<string>(`/system/config/configKey/${CMS_ENABLE_KEY}`)
      .then((r) => live && setEnabled(r.data === 'true'))
      .catch(() => live && setEnabled(false));
    return () => {
      live = false;
    };
  }, []);
  return enabled;
}

/** The current-site selector of the navbar (spec 2.6): shown only when the CMS module is on. */
export function SiteSelector() {
  const enabled = useCmsEnabled();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState<{ siteId?: string; siteName?: string }>({});
  const translate = useTranslate();
  useEffect(() => {
    if (!enabled) return;
    const load = () => {
      httpClient
        .get<{ siteId: string; siteName: string }>('/cms/site/getCurrentSite')
        .then((r) => setCurrent(r.data ?? {}))
        .catch(() => setCurrent({}));
    };
    load();
    // Switching here or on the site screen: show the new current site.
    window.addEventListener(CURRENT_SITE_EVENT, load);
    return () => window.removeEventListener(CURRENT_SITE_EVENT, load);
  }, [enabled]);
  if (!enabled) return null;
  return (
    <>
      <Button color="inherit" startIcon={<LanguageIcon />} onClick={() => setOpen(true)} data-testid="site-selector" sx={{ textTransform: 'none' }}>
        {current.siteName || translate('app.layout.site.choose')}
      </Button>
      {open ? <SiteDialog currentId={current.siteId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function SiteDialog({ currentId, onClose }: { currentId?: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const [name, setName] = useState('');
  const [query, setQuery] = useState({ name: '', page: 1 });
  const [rows, setRows] = useState<SiteRow[]>([]);
  const [total, setTotal] = useState(0);
  const [selected, setSelected] = useState<SiteRow | undefined>();

  useEffect(() => {
    httpClient
      .get<PageResult<SiteRow>>('/cms/site/list', { pageNum: query.page, pageSize: PAGE_SIZE, siteName: query.name })
      .then((r) => {
        setRows(r.data?.rows ?? []);
        setTotal(r.data?.total ?? 0);
      })
      .catch((err: Error) => notify(err.message, { type: 'error' }));
  }, [query, notify]);

  const choose = async (site: SiteRow | undefined) => {
    if (!site) return notify('app.layout.site.select_first', { type: 'warning' });
    if (site.siteId === currentId) return notify('app.layout.site.already_current', { type: 'warning' });
    try {
      await switchCurrentSite(site.siteId);
      onClose();
      // Every screen reads the site from the CurrentSite header: rebuild the page through the redirect route.
      navigate(`/redirect${location.pathname}${location.search}`, { replace: true });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: LAYOUT.siteDialogPx, maxWidth: '95vw' } } }}>
      <DialogTitle>{translate('app.layout.site.title')}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, mt: 1 }}>
          <TextField
            size="small"
            label={translate('app.layout.site.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && setQuery({ name, page: 1 })}
          />
          <Button variant="contained" onClick={() => setQuery({ name, page: 1 })}>
            {translate('app.layout.site.search')}
          </Button>
          <Button
            onClick={() => {
              setName('');
              setQuery({ name: '', page: 1 });
            }}
          >
            {translate('ra.action.reset')}
          </Button>
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell width={60}>{translate('app.layout.site.row')}</TableCell>
              <TableCell>{translate('app.layout.site.name')}</TableCell>
              <TableCell>{translate('app.layout.site.url')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow
                key={row.siteId}
                hover
                selected={row.siteId === (selected?.siteId ?? currentId)}
                onClick={() => setSelected(row)}
                onDoubleClick={() => choose(row)}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell>{(query.page - 1) * PAGE_SIZE + i + 1}</TableCell>
                <TableCell>{row.name}</TableCell>
                <TableCell>{row.url}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <PagePagination total={total} page={query.page} pageSize={PAGE_SIZE} onPage={(page) => setQuery({ ...query, page })} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => choose(selected)}>
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
