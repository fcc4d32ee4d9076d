import AddIcon from '@mui/icons-material/Add';
import { Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { Button, Datagrid, FunctionField, SelectInput, TextField, TextInput, useTranslate } from 'react-admin';
import { DateTimeField } from '../../../components/DateTimeField';
import { ScreenList } from '../../../components/ScreenList';
import { useApiCall } from '../../../components/useApiCall';
import { useHasPermission } from '../../../components/usePermission';
import { httpClient } from '../../../providers/httpClient';
import { IdListDeleteButton } from '../../cms/publishpipe/IdListDeleteButton';
import { RebuildButton, RebuildProgress, useRebuildStatus } from '../index/SearchIndexScreen';

const WORD_TYPES = [
  { id: 'word', name: 'app.search.wordType_word' },
  { id: 'stop', name: 'app.search.wordType_stop' },
];

const filters = [
  <TextInput key="word" source="word" label="app.search.word" alwaysOn />,
  <SelectInput key="wordType" source="wordType" label="app.search.wordType" choices={WORD_TYPES} alwaysOn />,
];

/** 添加: custom or stop words, one per line or separated by spaces or commas. */
function AddWordsButton() {
  const translate = useTranslate();
  const allowed = useHasPermission('cms:searchdict:add');
  const [open, setOpen] = useState(false);
  const [wordType, setWordType] = useState<'word' | 'stop'>('word');
  const [text, setText] = useState('');
  const { run, busy } = useApiCall();
  if (!allowed) return null;
  const words = text.split(/[\s,，、]+/).filter(Boolean);
  const save = async () => {
    if (await run(() => httpClient.post('/search/dict', { wordType, words }), 'ra.notification.created')) {
      setOpen(false);
      setText('');
    }
  };
  return (
    <>
      <Button label="ra.action.add" onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.search.add_words')}</DialogTitle>
        <DialogContent>
          <MuiTextField
            select
            fullWidth
            margin="dense"
            label={translate('app.search.wordType')}
            value={wordType}
            onChange={(e) => setWordType(e.target.value as 'word' | 'stop')}
          >
            {WORD_TYPES.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {translate(t.name)}
              </MenuItem>
            ))}
          </MuiTextField>
          <MuiTextField
            fullWidth
            multiline
            minRows={4}
            margin="dense"
            label={translate('app.search.words')}
            helperText={translate('app.search.words_help')}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
          <Button label="ra.action.save" variant="contained" disabled={busy || !words.length} onClick={() => void save()} />
        </DialogActions>
      </Dialog>
    </>
  );
}

/** 词典: custom words kept whole and stop words dropped by the segmenter; rebuild re-segments the index. */
export function SearchDictList() {
  const translate = useTranslate();
  const { status, load } = useRebuildStatus();
  return (
    <>
      <RebuildProgress status={status} />
      <ScreenList
        filters={filters}
        sort={{ field: 'createTime', order: 'DESC' }}
        creatable={false}
        exportable={false}
        extraActions={
          <>
            <AddWordsButton />
            <RebuildButton url="/search/dict/rebuild" permission="cms:searchdict:add" onStarted={() => void load()} />
          </>
        }
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <TextField source="word" label="app.search.word" sortable={false} />
          <FunctionField label="app.search.wordType" render={(r: { wordType: string }) => translate(`app.search.wordType_${r.wordType}`)} />
          <TextField source="createBy" label="app.search.createBy" sortable={false} />
          <DateTimeField source="createTime" label="app.search.createTime" />
          <IdListDeleteButton
            url="/search/dict"
            idField="wordId"
            permission="cms:searchdict:remove"
            confirmTitle="app.search.delete_word_title"
            confirmContent="app.search.delete_word_confirm"
            nameField="word"
          />
        </Datagrid>
      </ScreenList>
    </>
  );
}
