import { Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { GroupedWordScreen, type GroupedWordConfig, type WordRow } from '../grouped/GroupedWordScreen';

const TARGETS = ['_blank', '_self'].map((value) => ({ value, label: `app.word_hot.target_${value}` }));

function TargetLabel({ row }: { row: WordRow }) {
  const translate = useTranslate();
  return <>{translate(`app.word_hot.target_${String(row.urlTarget)}`)}</>;
}

const config: GroupedWordConfig = {
  api: '/word/hotword',
  perm: 'cms:hotword',
  i18n: 'app.word_hot',
  tree: false,
  wordFields: [
    { name: 'word', label: 'app.word_hot.word', required: true },
    { name: 'url', label: 'app.word_hot.url', required: true, helperText: 'app.word_hot.url_help' },
    { name: 'urlTarget', label: 'app.word_hot.url_target', type: 'select', options: TARGETS },
    { name: 'remark', label: 'app.word_common.remark', type: 'multiline' },
  ],
  wordDefaults: { word: '', url: '', urlTarget: '_blank', remark: '' },
  wordBody: (v) => ({ word: v.word.trim(), url: v.url.trim(), urlTarget: v.urlTarget || '_blank', remark: v.remark ?? '' }),
  columns: [
    { key: 'word', label: 'app.word_hot.word' },
    {
      key: 'url',
      label: 'app.word_hot.url',
      render: (row) => (
        <Link href={String(row.url)} target="_blank" rel="noopener noreferrer">
          {String(row.url)}
        </Link>
      ),
    },
    { key: 'urlTarget', label: 'app.word_hot.url_target', render: (row) => <TargetLabel row={row} /> },
    { key: 'useCount', label: 'app.word_common.use_count' },
    { key: 'hitCount', label: 'app.word_common.hit_count' },
  ],
};

/** 热词: hot word groups beside their words (linked in published content). */
export function HotWordScreen() {
  return <GroupedWordScreen config={config} />;
}
