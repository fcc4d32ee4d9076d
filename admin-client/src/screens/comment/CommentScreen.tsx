import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import type { PageResult } from '@zhiwen/shared';
import { useApiData } from '../../components/useApiData';
import { useHasPermission } from '../../components/usePermission';
import { httpClient } from '../../providers/httpClient';
import { PagePagination, usePaging } from '../../components/PagePagination';
import { EmptyTableRow } from '../../components/EmptyTableRow';

export type CommentAuditStatus = '0' | '1' | '2';

export interface CommentRow {
  commentId: string;
  dataId: string;
  dataTitle: string;
  parentId: string;
  memberId: string;
  memberName: string;
  replyMemberName: string;
  commentText: string;
  auditStatus: CommentAuditStatus;
  auditBy: string;
  likeCount: number;
  replyCount: number;
  ip: string;
  createTime: string;
}

interface LikeRow {
  memberId: string;
  memberName: string;
  createTime: string;
}

export const COMMENT_API = '/comment';
const STATUSES: CommentAuditStatus[] = ['0', '1', '2'];
const STATUS_COLOR = { '0': 'warning', '1': 'success', '2': 'default' } as const;
const time = (value: string | undefined) =>
  String(value ?? '')
    .replace('T', ' ')
    .slice(0, 19);

/** Query of the comment list from the filter fields (empty ones left out). */
export function commentQuery(f: {
  auditStatus: string;
  commentText: string;
  memberName: string;
  dataId: string;
  beginTime: string;
  endTime: string;
}) {
  const q: Record<string, string> = {};
  for (const [key, value] of Object.entries(f)) if (value.trim()) q[key] = value.trim();
  return q;
}

/** 互动 > 评论管理: comments of the current site, filters, batch audit pass / not pass and delete, detail with replies and likes. */
export function CommentScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const can = { audit: useHasPermission('cms:comment:audit'), remove: useHasPermission('cms:comment:remove') };
  const [filters, setFilters] = useState({ auditStatus: '', commentText: '', memberName: '', dataId: '', beginTime: '', endTime: '' });
  const paging = usePaging();
  const { page, pageSize } = paging;
  const [selected, setSelected] = useState<string[]>([]);
  const [detail, setDetail] = useState<CommentRow | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const list = useApiData<PageResult<CommentRow>>(COMMENT_API, { ...commentQuery(filters), pageNum: page, pageSize }, { notifyErrors: true });
  const rows = list.data?.rows ?? [];
  const setFilter = (name: keyof typeof filters) => (e: { target: { value: string } }) => {
    setFilters({ ...filters, [name]: e.target.value });
    paging.reset();
    setSelected([]);
  };
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      notify('app.comment.done', { type: 'success' });
      setSelected([]);
      list.reload();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  const audit = (auditStatus: '1' | '2', ids = selected) => run(() => httpClient.put(`${COMMENT_API}/audit`, { commentIds: ids, auditStatus }));
  const allChecked = rows.length > 0 && rows.every((r) => selected.includes(r.commentId));
  return (
    <Paper sx={{ p: 1, mt: 1 }}>
      <Title title={translate('app.comment.title')} />
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          select
          size="small"
          sx={{ minWidth: 130 }}
          label={translate('app.comment.status')}
          value={filters.auditStatus}
          onChange={setFilter('auditStatus')}
        >
          <MenuItem value="">{translate('app.comment.all_status')}</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`app.comment.status_${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label={translate('app.comment.search_text')} value={filters.commentText} onChange={setFilter('commentText')} />
        <TextField size="small" label={translate('app.comment.search_member')} value={filters.memberName} onChange={setFilter('memberName')} />
        <TextField
          size="small"
          sx={{ width: 130 }}
          label={translate('app.comment.content_id')}
          value={filters.dataId}
          onChange={setFilter('dataId')}
        />
        <TextField
          size="small"
          type="date"
          label={translate('app.comment.begin')}
          slotProps={{ inputLabel: { shrink: true } }}
          value={filters.beginTime}
          onChange={setFilter('beginTime')}
        />
        <TextField
          size="small"
          type="date"
          label={translate('app.comment.end')}
          slotProps={{ inputLabel: { shrink: true } }}
          value={filters.endTime}
          onChange={setFilter('endTime')}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        {can.audit && (
          <Button
            size="small"
            variant="contained"
            color="success"
            startIcon={<CheckIcon />}
            disabled={!selected.length}
            onClick={() => void audit('1')}
          >
            {translate('app.comment.pass_btn')}
          </Button>
        )}
        {can.audit && (
          <Button size="small" variant="outlined" startIcon={<CloseIcon />} disabled={!selected.length} onClick={() => void audit('2')}>
            {translate('app.comment.not_pass')}
          </Button>
        )}
        {can.remove && (
          <Button
            size="small"
            variant="outlined"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={!selected.length}
            onClick={() => setConfirmDelete(true)}
          >
            {translate('app.comment.delete')}
          </Button>
        )}
        {selected.length > 0 && <Typography variant="body2">{translate('app.comment.selected', { count: selected.length })}</Typography>}
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={allChecked}
                slotProps={{ input: { 'aria-label': 'select all' } }}
                onChange={() => setSelected(allChecked ? [] : rows.map((r) => r.commentId))}
              />
            </TableCell>
            <TableCell>{translate('app.comment.text')}</TableCell>
            <TableCell>{translate('app.comment.member')}</TableCell>
            <TableCell>{translate('app.comment.content')}</TableCell>
            <TableCell>{translate('app.comment.status')}</TableCell>
            <TableCell>{translate('app.comment.likes')}</TableCell>
            <TableCell>{translate('app.comment.replies')}</TableCell>
            <TableCell>{translate('app.comment.time')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.commentId} hover selected={selected.includes(row.commentId)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.includes(row.commentId)}
                  slotProps={{ input: { 'aria-label': `select ${row.commentId}` } }}
                  onChange={() =>
                    setSelected(selected.includes(row.commentId) ? selected.filter((id) => id !== row.commentId) : [...selected, row.commentId])
                  }
                />
              </TableCell>
              <TableCell sx={{ maxWidth: 360, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {row.replyMemberName && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {translate('app.comment.reply_to', { name: row.replyMemberName })}：
                  </Typography>
                )}
                {row.commentText}
              </TableCell>
              <TableCell>{row.memberName}</TableCell>
              <TableCell>{row.dataTitle}</TableCell>
              <TableCell>
                <Chip size="small" color={STATUS_COLOR[row.auditStatus]} label={translate(`app.comment.status_${row.auditStatus}`)} />
              </TableCell>
              <TableCell>{row.likeCount}</TableCell>
              <TableCell>{row.replyCount}</TableCell>
              <TableCell>{time(row.createTime)}</TableCell>
              <TableCell>
                <Button size="small" onClick={() => setDetail(row)}>
                  {translate('app.comment.detail')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
          {!rows.length && <EmptyTableRow colSpan={9} />}
        </TableBody>
      </Table>
      <PagePagination total={list.data?.total ?? 0} {...paging.pager} />
      {detail && <CommentDetail comment={detail} canAudit={can.audit} onAudit={(s, ids) => audit(s, ids)} onClose={() => setDetail(null)} />}
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)}>
        <DialogTitle>{translate('app.comment.delete_title')}</DialogTitle>
        <DialogContent>{translate('app.comment.delete_confirm', { count: selected.length })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>{translate('app.word_sensitive.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirmDelete(false);
              void run(() => httpClient.delete(COMMENT_API, { data: selected }));
            }}
          >
            {translate('ra.action.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function CommentDetail({
  comment,
  canAudit,
  onAudit,
  onClose,
}: {
  comment: CommentRow;
  canAudit: boolean;
  onAudit: (status: '1' | '2', ids: string[]) => Promise<void>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const replies = useApiData<PageResult<CommentRow>>(`${COMMENT_API}/reply/${comment.commentId}`, { pageSize: 100 }, { notifyErrors: true });
  const likes = useApiData<PageResult<LikeRow>>(`${COMMENT_API}/like/${comment.commentId}`, { pageSize: 100 }, { notifyErrors: true });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate('app.comment.detail_title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          {comment.memberName} · {time(comment.createTime)} · {comment.ip} · {comment.dataTitle}
        </Typography>
        <Typography sx={{ my: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{comment.commentText}</Typography>
        <Chip size="small" color={STATUS_COLOR[comment.auditStatus]} label={translate(`app.comment.status_${comment.auditStatus}`)} />
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle2">
          {translate('app.comment.reply_list')}（{replies.data?.total ?? 0}）
        </Typography>
        {(replies.data?.rows ?? []).map((r) => (
          <Stack key={r.commentId} direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5 }}>
            <Typography variant="body2" sx={{ flex: 1, wordBreak: 'break-word' }}>
              <b>{r.memberName}</b> {r.replyMemberName ? translate('app.comment.reply_to', { name: r.replyMemberName }) : ''}：{r.commentText}
            </Typography>
            <Chip size="small" color={STATUS_COLOR[r.auditStatus]} label={translate(`app.comment.status_${r.auditStatus}`)} />
            {canAudit && r.auditStatus !== '1' && (
              <Button size="small" onClick={() => void onAudit('1', [r.commentId]).then(replies.reload)}>
                {translate('app.comment.pass_btn')}
              </Button>
            )}
          </Stack>
        ))}
        {!replies.data?.total && (
          <Typography variant="body2" color="text.secondary">
            {translate('app.comment.none')}
          </Typography>
        )}
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle2">
          {translate('app.comment.like_list')}（{likes.data?.total ?? 0}）
        </Typography>
        <Typography variant="body2">{(likes.data?.rows ?? []).map((l) => l.memberName).join('、') || translate('app.comment.none')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.comment.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
