import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useEffect, useState } from 'react';
import { Datagrid, FunctionField, NumberField, SelectInput, TextField, TextInput, useTranslate } from 'react-admin';
import { DateTimeField } from '../../../components/DateTimeField';
import { ScreenList } from '../../../components/ScreenList';
import { httpClient } from '../../../providers/httpClient';
import { IdListDeleteButton } from '../../cms/publishpipe/IdListDeleteButton';

const CLIENT_TYPES = ['desktop', 'phone', 'pad'].map((id) => ({ id, name: `app.search.client_${id}` }));

const filters = [
  <TextInput key="query" source="query" label="app.search.query" alwaysOn />,
  <SelectInput key="clientType" source="clientType" label="app.search.clientType" choices={CLIENT_TYPES} alwaysOn />,
];

interface HotWord {
  word: string;
  searchTotal: number;
}

/** Hot searches of the last 30 days and the searches per day (of the chosen word, or all). */
function HotSearches() {
  const translate = useTranslate();
  const [words, setWords] = useState<HotWord[]>([]);
  const [word, setWord] = useState<string | null>(null);
  const [trend, setTrend] = useState<Array<{ day: string; count: number }>>([]);
  useEffect(() => {
    void httpClient
      .get<{ rows: HotWord[] }>('/search/word', { pageNum: 1, pageSize: 10 })
      .then((r) => setWords(r.data?.rows ?? []))
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    void httpClient
      .get<Array<{ day: string; count: number }>>('/search/word/trend', word ? { word } : {})
      .then((r) => setTrend(r.data ?? []))
      .catch(() => undefined);
  }, [word]);
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Card sx={{ flex: '1 1 280px' }} data-testid="search-hot-words">
        <CardContent>
          <Typography variant="subtitle1">{translate('app.search.hot_words')}</Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.search.query')}</TableCell>
                <TableCell align="right">{translate('app.search.searchTotal')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {words.map((w) => (
                <TableRow
                  key={w.word}
                  hover
                  selected={w.word === word}
                  sx={{ cursor: 'pointer' }}
                  onClick={() => setWord(w.word === word ? null : w.word)}
                >
                  <TableCell>{w.word}</TableCell>
                  <TableCell align="right">{w.searchTotal}</TableCell>
                </TableRow>
              ))}
              {!words.length ? (
                <TableRow>
                  <TableCell colSpan={2}>{translate('app.search.no_searches')}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Card sx={{ flex: '2 1 480px' }}>
        <CardContent>
          <Typography variant="subtitle1">{word ? translate('app.search.trend_of', { word }) : translate('app.search.trend_all')}</Typography>
          <LineChart
            height={260}
            xAxis={[{ scaleType: 'point', data: trend.map((p) => p.day.slice(5)) }]}
            series={[{ data: trend.map((p) => p.count), label: translate('app.search.searches'), area: true }]}
          />
        </CardContent>
      </Card>
    </Box>
  );
}

/** 搜索日志: hot searches with their per-day trend, and every search of the current site. */
export function SearchLogList() {
  const translate = useTranslate();
  return (
    <>
      <HotSearches />
      <ScreenList filters={filters} sort={{ field: 'createTime', order: 'DESC' }} creatable={false} exportable={false}>
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <TextField source="query" label="app.search.query" sortable={false} />
          <NumberField source="resultCount" label="app.search.resultCount" />
          <FunctionField label="app.search.clientType" render={(r: { clientType: string }) => translate(`app.search.client_${r.clientType}`)} />
          <DateTimeField source="createTime" label="app.search.createTime" />
          <IdListDeleteButton
            url="/search/log"
            idField="logId"
            permission="cms:searchlog:remove"
            confirmTitle="app.search.delete_log_title"
            confirmContent="app.search.delete_log_confirm"
            nameField="query"
          />
        </Datagrid>
      </ScreenList>
    </>
  );
}
