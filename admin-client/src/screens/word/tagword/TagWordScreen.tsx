import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { httpClient } from '../../../providers/httpClient';
import { GroupedWordScreen, type GroupedWordConfig } from '../grouped/GroupedWordScreen';
import { FieldDialog } from '../grouped/WordDialogs';

/** The words of a batch add: one per line, trimmed, blank lines dropped. */
export const batchWords = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((w) => w.trim())
    .filter(Boolean);

/** 批量添加: tag words one per line into the selected group (`POST /word/tagword/batchAdd`). */
function BatchAddButton({ groupId, reload }: { groupId: string; reload: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<PlaylistAddIcon />} onClick={() => setOpen(true)}>
        {translate('app.word_tag.batch_add')}
      </Button>
      <FieldDialog
        open={open}
        title="app.word_tag.batch_add"
        fields={[{ name: 'words', label: 'app.word_tag.batch_words', type: 'multiline', required: true }]}
        initial={{ words: '' }}
        onClose={() => setOpen(false)}
        onSubmit={async (v) => {
          try {
            await httpClient.post('/word/tagword/batchAdd', { groupId, words: batchWords(v.words) });
            notify('ra.notification.created', { type: 'success', messageArgs: { smart_count: 1 } });
            reload();
            return true;
          } catch (err) {
            notify((err as Error).message, { type: 'error' });
            return false;
          }
        }}
      />
    </>
  );
}

const config: GroupedWordConfig = {
  api: '/word/tagword',
  perm: 'cms:tagword',
  i18n: 'app.word_tag',
  tree: true,
  wordFields: [
    { name: 'word', label: 'app.word_tag.word', required: true },
    { name: 'logo', label: 'app.word_tag.logo' },
    { name: 'sortFlag', label: 'app.word_common.sort', type: 'number' },
    { name: 'remark', label: 'app.word_common.remark', type: 'multiline' },
  ],
  wordDefaults: { word: '', logo: '', sortFlag: '0', remark: '' },
  wordBody: (v) => ({ word: v.word.trim(), logo: v.logo ?? '', sortFlag: Number(v.sortFlag) || 0, remark: v.remark ?? '' }),
  columns: [
    { key: 'word', label: 'app.word_tag.word' },
    { key: 'useCount', label: 'app.word_common.use_count' },
    { key: 'hitCount', label: 'app.word_common.hit_count' },
    { key: 'sortFlag', label: 'app.word_common.sort' },
    { key: 'remark', label: 'app.word_common.remark' },
  ],
  extraActions: (groupId, reload) => <BatchAddButton groupId={groupId} reload={reload} />,
};

/** 标签词: tag word groups (a tree) beside their words. */
export function TagWordScreen() {
  return <GroupedWordScreen config={config} />;
}
