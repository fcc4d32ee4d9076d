import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { PageResult } from '@zhiwen/shared';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '@zhiwen/shared';
import { useApiData } from '../../components/useApiData';
import type { VoteResult, VoteSubject } from './vote';
import { PagePagination } from '../../components/PagePagination';

const PAGE_SIZE = 10;

/** The counts of a choice subject as a bar or pie chart. */
function ChoiceChart({ subject }: { subject: VoteSubject }) {
  const translate = useTranslate();
  const [kind, setKind] = useState<'bar' | 'pie'>('bar');
  const labels = subject.items.map((i) => i.content);
  const counts = subject.items.map((i) => i.total ?? 0);
  return (
    <Box>
      <ToggleButtonGroup size="small" exclusive value={kind} onChange={(_, v: 'bar' | 'pie' | null) => v && setKind(v)} sx={{ mb: 1 }}>
        <ToggleButton value="bar">{translate('app.vote.chart_bar')}</ToggleButton>
        <ToggleButton value="pie">{translate('app.vote.chart_pie')}</ToggleButton>
      </ToggleButtonGroup>
      {kind === 'bar' ? (
        <BarChart
          height={Math.max(160, 48 * labels.length)}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: labels, width: 120 }]}
          xAxis={[{ min: 0, tickMinStep: 1, ...(counts.every((c) => !c) && { max: 1 }) }]}
          series={[{ data: counts, label: translate('app.vote.votes') }]}
          hideLegend
        />
      ) : (
        <PieChart
          height={220}
          series={[{ data: subject.items.map((i, n) => ({ id: n, value: i.total ?? 0, label: i.content })), innerRadius: 30 }]}
        />
      )}
      <Table size="small" aria-label={subject.title}>
        <TableBody>
          {subject.items.map((item) => (
            <TableRow key={item.itemId} data-testid="vote-result-row">
              <TableCell>{item.content}</TableCell>
              <TableCell align="right">{translate('app.vote.count', { smart_count: item.total ?? 0 })}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The text answers of a text subject, newest first, paged. */
function TextAnswers({ subject }: { subject: VoteSubject }) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const { data } = useApiData<PageResult<{ answerId: string; content: string; createTime: string }>>('/vote/answers', {
    subjectId: subject.subjectId,
    pageNum: page + 1,
    pageSize: PAGE_SIZE,
  });
  return (
    <Box>
      <Table size="small">
        <TableBody>
          {(data?.rows ?? []).map((a) => (
            <TableRow key={a.answerId} data-testid="vote-answer-row">
              <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{a.content}</TableCell>
              <TableCell sx={{ width: 180 }}>{formatDateTime(a.createTime)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {data && !data.rows.length ? <Typography color="text.secondary">{translate('app.vote.no_answers')}</Typography> : null}
      <PagePagination total={data?.total ?? 0} page={page + 1} pageSize={PAGE_SIZE} onPage={(p) => setPage(p - 1)} />
    </Box>
  );
}

/** 结果: per subject a chart of the counts, or the text answers. */
export function VoteResultDialog({ voteId, onClose }: { voteId: string; onClose: () => void }) {
  const translate = useTranslate();
  const { data } = useApiData<VoteResult>(`/vote/result/${encodeURIComponent(voteId)}`, {}, { notifyErrors: true });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate('app.vote.results_title', { name: data?.title ?? '' })}</DialogTitle>
      <DialogContent dividers>
        {data ? (
          <>
            <Typography sx={{ mb: 2 }} data-testid="vote-result-total">
              {translate('app.vote.total_submissions', { smart_count: data.total })}
            </Typography>
            {data.subjects.map((subject, index) => (
              <Paper key={subject.subjectId} variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="vote-result-subject">
                <Typography variant="subtitle1" sx={{ mb: 1 }}>
                  {index + 1}. {subject.title}
                </Typography>
                {subject.type === 'input' ? <TextAnswers subject={subject} /> : <ChoiceChart subject={subject} />}
              </Paper>
            ))}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
