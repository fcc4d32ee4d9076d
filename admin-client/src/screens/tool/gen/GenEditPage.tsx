import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router';
import { useApiCall } from '../../../components/useApiCall';
import { useApiData } from '../../../components/useApiData';
import { httpClient } from '../../../providers/httpClient';
import { genEditBody, genFormErrors, HTML_TYPES, QUERY_TYPES, TS_TYPES, type GenColumn, type GenTableDetail, type GenTableInfo } from './gen';

const NAMES = ['className', 'moduleName', 'businessName', 'functionName', 'permPrefix', 'tableComment'] as const;
const FLAGS = ['isRequired', 'isList', 'isEdit', 'isQuery'] as const;

/** 修改生成配置 (RuoYi's /tool/gen-edit/index/:tableId): the names of the generated code and every column's settings. */
export function GenEditPage() {
  const { tableId = '' } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data, error } = useApiData<GenTableDetail>(/^\d+$/.test(tableId) ? `/tool/gen/${tableId}` : undefined);
  const [info, setInfo] = useState<GenTableInfo>();
  const [columns, setColumns] = useState<GenColumn[]>([]);
  const [tried, setTried] = useState(false);
  const { run, busy } = useApiCall({ refresh: false });
  useEffect(() => {
    if (data) {
      setInfo(data.info);
      setColumns(data.rows);
    }
  }, [data]);
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!info) return null;
  const errors = genFormErrors(info, columns);
  const shown = (name: string) => (tried && errors[name] ? translate(errors[name]) : undefined);
  const setColumn = (columnId: string, change: Partial<GenColumn>) =>
    setColumns((cs) => cs.map((c) => (c.columnId === columnId ? { ...c, ...change } : c)));
  const save = async () => {
    setTried(true);
    if (Object.keys(errors).length) return;
    await run(() => httpClient.put('/tool/gen', genEditBody(info, columns)), 'app.gen.saved');
  };
  const select = (c: GenColumn, key: 'tsType' | 'queryType' | 'htmlType', options: readonly string[], label: (v: string) => string) => (
    <TextField
      select
      size="small"
      variant="standard"
      name={`${key}_${c.columnId}`}
      value={c[key]}
      onChange={(e) => setColumn(c.columnId, { [key]: e.target.value })}
      slotProps={{ select: { native: true } }}
    >
      {options.map((o) => (
        <option key={o} value={o}>
          {label(o)}
        </option>
      ))}
    </TextField>
  );
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h6">
        <MuiLink component="button" onClick={() => navigate('/tool/gen')}>
          {translate('app.gen.title')}
        </MuiLink>
        {` / ${info.tableName}`}
      </Typography>
      <Card sx={{ mt: 1 }}>
        <CardContent>
          <Typography variant="subtitle1">{translate('app.gen.basic')}</Typography>
          <Stack direction="row" useFlexGap spacing={2} sx={{ mt: 1, flexWrap: 'wrap' }}>
            {NAMES.map((name) => (
              <TextField
                key={name}
                name={name}
                size="small"
                label={translate(`app.gen.${name}`)}
                value={info[name]}
                error={Boolean(shown(name))}
                helperText={shown(name) ?? translate(`app.gen.${name}_help`)}
                onChange={(e) => setInfo({ ...info, [name]: e.target.value })}
              />
            ))}
          </Stack>
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent sx={{ overflowX: 'auto' }}>
          <Typography variant="subtitle1">{translate('app.gen.columns')}</Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                {['columnName', 'columnComment', 'columnType', 'fieldName', 'tsType', ...FLAGS, 'queryType', 'htmlType', 'dictType'].map((k) => (
                  <TableCell key={k}>{translate(`app.gen.${k}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {columns.map((c) => (
                <TableRow key={c.columnId}>
                  <TableCell>
                    {c.columnName}
                    {c.isPk ? ` (${translate('app.gen.pk')})` : ''}
                  </TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      variant="standard"
                      name={`columnComment_${c.columnId}`}
                      value={c.columnComment}
                      onChange={(e) => setColumn(c.columnId, { columnComment: e.target.value })}
                    />
                  </TableCell>
                  <TableCell>{c.columnType}</TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      variant="standard"
                      name={`fieldName_${c.columnId}`}
                      value={c.fieldName}
                      error={Boolean(shown(`fieldName_${c.columnId}`))}
                      helperText={shown(`fieldName_${c.columnId}`)}
                      onChange={(e) => setColumn(c.columnId, { fieldName: e.target.value })}
                    />
                  </TableCell>
                  <TableCell>{select(c, 'tsType', TS_TYPES, (v) => v)}</TableCell>
                  {FLAGS.map((flag) => (
                    <TableCell key={flag} padding="checkbox">
                      <Checkbox
                        name={`${flag}_${c.columnId}`}
                        checked={c[flag]}
                        onChange={(e) => setColumn(c.columnId, { [flag]: e.target.checked })}
                      />
                    </TableCell>
                  ))}
                  <TableCell>{select(c, 'queryType', QUERY_TYPES, (v) => translate(`app.gen.query_types.${v}`))}</TableCell>
                  <TableCell>{select(c, 'htmlType', HTML_TYPES, (v) => translate(`app.gen.html_types.${v}`))}</TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      variant="standard"
                      name={`dictType_${c.columnId}`}
                      value={c.dictType}
                      onChange={(e) => setColumn(c.columnId, { dictType: e.target.value })}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>
          {translate('ra.action.save')}
        </Button>
        <Button onClick={() => navigate('/tool/gen')}>{translate('app.gen.back')}</Button>
      </Stack>
    </Box>
  );
}
