import { ScreenList } from '../../../components/ScreenList';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Box, Typography } from '@mui/material';
import {
  Datagrid,
  DeleteButton,
  NumberField,
  SelectInput,
  TextField,
  TextInput,
  useGetOne,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { CallButton } from '../../../components/CallButton';
import { DateTimeField } from '../../../components/DateTimeField';
import { DictField } from '../../../components/DictField';
import { COMMON_STATUS, OPER_TYPE } from '../../../components/dicts';

const filters = [
  <TextInput key="title" source="title" label="app.operlog.title" alwaysOn />,
  <TextInput key="operName" source="operName" label="app.operlog.operName" alwaysOn />,
  <SelectInput key="businessType" source="businessType" label="app.operlog.businessType" choices={OPER_TYPE} alwaysOn />,
  <SelectInput key="status" source="status" label="app.operlog.status" choices={COMMON_STATUS} alwaysOn />,
];

/** Pretty-prints a JSON text; anything else is shown as is. */
function prettyJson(text: unknown): string {
  if (typeof text !== 'string' || !text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function DetailBlock({ label, value }: { label: string; value: string }) {
  const translate = useTranslate();
  if (!value) return null;
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="subtitle2">{translate(label)}</Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          maxHeight: 320,
          overflow: 'auto',
          fontSize: 12,
        }}
      >
        {value}
      </Box>
    </Box>
  );
}

/** The expanded row: the entry's request, parameters, answer and error, read with GET <api>/<operId>. */
function OperLogDetail() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const { data, isPending } = useGetOne(resource ?? '', { id: record?.id ?? '' }, { enabled: record?.id !== undefined });
  if (isPending) return null;
  const entry = { ...record, ...data };
  const request = [entry.requestMethod, entry.operUrl].filter(Boolean).join(' ');
  return (
    <Box sx={{ py: 1 }}>
      <DetailBlock label="app.operlog.operUrl" value={request} />
      <DetailBlock label="app.operlog.method" value={entry.method ?? ''} />
      <DetailBlock label="app.operlog.operParam" value={prettyJson(entry.operParam)} />
      <DetailBlock label="app.operlog.jsonResult" value={prettyJson(entry.jsonResult)} />
      <DetailBlock label="app.operlog.errorMsg" value={entry.errorMsg ?? ''} />
    </Box>
  );
}

/** 操作日志: read-only list; a row expands to its details; delete, 清空 and export. */
export function OperLogList() {
  return (
    <ScreenList
      filters={filters}
      sort={{ field: 'operTime', order: 'DESC' }}
      creatable={false}
      extraActions={
        <>
          <CallButton
            label="app.operlog.clean"
            icon={<DeleteSweepIcon />}
            color="error"
            method="DELETE"
            url="/monitor/operlog/clean"
            permission="monitor:operlog:remove"
            confirmTitle="app.operlog.clean_title"
            confirmContent="app.operlog.clean_content"
            successMessage="app.operlog.cleaned"
          />
        </>
      }
    >
      <Datagrid rowClick="expand" expand={<OperLogDetail />} bulkActionButtons={false}>
        <TextField source="title" label="app.operlog.title" sortable={false} />
        <DictField source="businessType" label="app.operlog.businessType" choices={OPER_TYPE} sortable={false} />
        <TextField source="operName" label="app.operlog.operName" />
        <TextField source="operIp" label="app.operlog.operIp" sortable={false} />
        <DictField source="status" label="app.operlog.status" choices={COMMON_STATUS} sortable={false} />
        <DateTimeField source="operTime" label="app.operlog.operTime" sortBy="operTime" />
        <NumberField source="costTime" label="app.operlog.costTime" />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </ScreenList>
  );
}
