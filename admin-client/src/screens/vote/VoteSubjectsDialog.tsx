import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useApiCall } from '../../components/useApiCall';
import { useApiData } from '../../components/useApiData';
import { httpClient } from '../../providers/httpClient';
import { move, SUBJECT_TYPES, type VoteItem, type VoteSubject } from './vote';

/** The ordered items of a choice subject: edit, add, remove, reorder by dragging or up/down, then save. */
function ItemsEditor({ subject, editable, onSaved }: { subject: VoteSubject; editable: boolean; onSaved: () => void }) {
  const translate = useTranslate();
  const [items, setItems] = useState<VoteItem[]>(subject.items);
  const [dragged, setDragged] = useState<number | null>(null);
  const { run, busy } = useApiCall({ refresh: false });
  useEffect(() => setItems(subject.items), [subject.items]);
  const set = (index: number, content: string) => setItems(items.map((item, i) => (i === index ? { ...item, content } : item)));
  const save = async () => {
    const body = { subjectId: subject.subjectId, items: items.map((i) => ({ ...(i.itemId ? { itemId: i.itemId } : {}), content: i.content })) };
    if (await run(() => httpClient.post('/vote/subject/items', body))) onSaved();
  };
  return (
    <Box sx={{ pl: 2 }}>
      {items.map((item, index) => (
        <Stack
          key={item.itemId ?? `new-${index}`}
          direction="row"
          spacing={1}
          sx={{ mb: 1, alignItems: 'center', opacity: dragged === index ? 0.5 : 1 }}
          draggable={editable}
          onDragStart={() => setDragged(index)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={() => {
            if (dragged !== null) setItems(move(items, dragged, index));
            setDragged(null);
          }}
          data-testid="vote-item-row"
        >
          <DragIndicatorIcon fontSize="small" color="disabled" />
          <TextField
            size="small"
            value={item.content}
            onChange={(e) => set(index, e.target.value)}
            disabled={!editable}
            slotProps={{ htmlInput: { maxLength: 500, 'aria-label': translate('app.vote.item_n', { n: index + 1 }) } }}
            sx={{ flex: 1 }}
          />
          <IconButton
            size="small"
            aria-label={translate('app.vote.move_up')}
            disabled={!editable || index === 0}
            onClick={() => setItems(move(items, index, index - 1))}
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={translate('app.vote.move_down')}
            disabled={!editable || index === items.length - 1}
            onClick={() => setItems(move(items, index, index + 1))}
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={translate('app.vote.remove_item')}
            disabled={!editable}
            onClick={() => setItems(items.filter((_, i) => i !== index))}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      {editable ? (
        <Stack direction="row" spacing={1}>
          <Button size="small" startIcon={<AddIcon />} onClick={() => setItems([...items, { content: '' }])}>
            {translate('app.vote.add_item')}
          </Button>
          <Button size="small" variant="contained" disabled={busy || items.some((i) => !i.content.trim())} onClick={() => void save()}>
            {translate('app.vote.save_items')}
          </Button>
        </Stack>
      ) : null}
    </Box>
  );
}

/** One subject: title and type (saved with PUT /vote/subject), delete, and its items for a choice subject. */
function SubjectCard({ subject, index, editable, onChanged }: { subject: VoteSubject; index: number; editable: boolean; onChanged: () => void }) {
  const translate = useTranslate();
  const [title, setTitle] = useState(subject.title);
  const [type, setType] = useState(subject.type);
  const { run, busy } = useApiCall({ refresh: false });
  useEffect(() => {
    setTitle(subject.title);
    setType(subject.type);
  }, [subject.title, subject.type]);
  const changed = title !== subject.title || type !== subject.type;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="vote-subject">
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Typography sx={{ minWidth: 24 }}>{index + 1}.</Typography>
        <TextField
          size="small"
          label={translate('app.vote.subject_title')}
          value={title}
          disabled={!editable}
          onChange={(e) => setTitle(e.target.value)}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          size="small"
          label={translate('app.vote.subject_type')}
          value={type}
          disabled={!editable}
          onChange={(e) => setType(e.target.value as VoteSubject['type'])}
        >
          {SUBJECT_TYPES.map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {translate(t.name)}
            </MenuItem>
          ))}
        </TextField>
        {editable ? (
          <>
            <Button
              size="small"
              disabled={!changed || busy || !title.trim()}
              onClick={() =>
                void run(() =>
                  httpClient.put('/vote/subject', { subjectId: subject.subjectId, type, title: title.trim(), sortFlag: subject.sortFlag }),
                ).then((ok) => ok && onChanged())
              }
            >
              {translate('ra.action.save')}
            </Button>
            <IconButton
              aria-label={translate('app.vote.delete_subject')}
              disabled={busy}
              onClick={() =>
                void run(() => httpClient.request('/vote/subject', { method: 'DELETE', data: [subject.subjectId] })).then((ok) => ok && onChanged())
              }
            >
              <DeleteIcon />
            </IconButton>
          </>
        ) : null}
      </Stack>
      {subject.type === 'input' ? (
        <Typography variant="body2" color="text.secondary" sx={{ pl: 2 }}>
          {translate('app.vote.input_hint')}
        </Typography>
      ) : (
        <ItemsEditor subject={subject} editable={editable} onSaved={onChanged} />
      )}
    </Paper>
  );
}

/** 主题: the subjects of a vote, in order, each with its items. */
export function VoteSubjectsDialog({ voteId, title, editable, onClose }: { voteId: string; title: string; editable: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const { data: subjects, reload } = useApiData<VoteSubject[]>('/vote/subject', { voteId }, { notifyErrors: true });
  const [newTitle, setNewTitle] = useState('');
  const [newType, setNewType] = useState<VoteSubject['type']>('radio');
  const { run, busy } = useApiCall({ refresh: false });
  const add = async () => {
    if (await run(() => httpClient.post('/vote/subject', { voteId, type: newType, title: newTitle.trim() }))) {
      setNewTitle('');
      reload();
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate('app.vote.subjects_title', { name: title })}</DialogTitle>
      <DialogContent dividers>
        {(subjects ?? []).map((subject, index) => (
          <SubjectCard key={subject.subjectId} subject={subject} index={index} editable={editable} onChanged={reload} />
        ))}
        {subjects && !subjects.length ? <Typography color="text.secondary">{translate('app.vote.no_subjects')}</Typography> : null}
        {editable ? (
          <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
            <TextField
              size="small"
              label={translate('app.vote.new_subject')}
              value={newTitle}
              onChange={(e) => setNewTitle(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 500 } }}
              sx={{ flex: 1 }}
            />
            <TextField
              select
              size="small"
              label={translate('app.vote.subject_type')}
              value={newType}
              onChange={(e) => setNewType(e.target.value as VoteSubject['type'])}
              sx={{ minWidth: 120 }}
            >
              {SUBJECT_TYPES.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {translate(t.name)}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" startIcon={<AddIcon />} disabled={busy || !newTitle.trim()} onClick={() => void add()}>
              {translate('app.vote.add_subject')}
            </Button>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
