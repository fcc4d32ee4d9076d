import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, Button, Card, CardContent, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { PickFromLibraryButton } from '../resource/MaterialPicker';
import { EMPTY_ITEM, moveItem, type BlockItem, type BlockRow } from '../pagewidget/pagewidget';

const itemId = (row: number, item: number) => `item-${row}-${item}`;

interface SortableItemProps {
  id: string;
  row: number;
  index: number;
  item: BlockItem;
  onChange: (item: BlockItem) => void;
  onRemove: () => void;
}

/** One item of a row: a drag handle (mouse, touch or keyboard: Space, arrows, Space) and its fields. */
function SortableItem({ id, row, index, item, onChange, onRemove }: SortableItemProps) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const set = (field: keyof BlockItem) => (e: { target: { value: string } }) => onChange({ ...item, [field]: e.target.value });
  const label = translate('app.block.item_label', { row: row + 1, item: index + 1 });
  return (
    <Box
      ref={setNodeRef}
      data-testid="block-item"
      aria-label={label}
      role="group"
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        p: 1,
        mb: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      <Tooltip title={translate('app.block.drag')}>
        <IconButton
          size="small"
          aria-label={translate('app.block.drag_item', { title: item.title || label })}
          {...attributes}
          {...listeners}
          sx={{ cursor: 'grab', mt: 1 }}
        >
          <DragIndicatorIcon />
        </IconButton>
      </Tooltip>
      <Stack spacing={1} sx={{ flex: 1 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
          <TextField
            size="small"
            label={translate('app.block.title')}
            value={item.title}
            onChange={set('title')}
            required
            slotProps={{ htmlInput: { maxLength: 200 } }}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            label={translate('app.block.url')}
            value={item.url}
            onChange={set('url')}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            sx={{ flex: 1 }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
          <TextField
            size="small"
            label={translate('app.block.logo')}
            value={item.logo}
            onChange={set('logo')}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            sx={{ flex: 1 }}
          />
          <PickFromLibraryButton size="small" kinds={['image']} onPick={(rows) => rows[0] && onChange({ ...item, logo: rows[0].path })} />
        </Stack>
        <TextField
          size="small"
          label={translate('app.block.summary')}
          value={item.summary}
          onChange={set('summary')}
          multiline
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </Stack>
      <Tooltip title={translate('app.block.remove_item')}>
        <IconButton size="small" color="error" aria-label={translate('app.block.remove_item')} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * The rows of a manual block (`content.rows`), each a list of items sorted by drag and drop (dnd-kit: pointer or
 * keyboard). What the form holds is what the server takes: `{ rows: [{ items: [{ title, url, logo, summary }] }] }`.
 */
export function ManualRowsInput({ source = 'content' }: { source?: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: { rows: [{ items: [{ ...EMPTY_ITEM }] }] } });
  const content = (field.value ?? {}) as { rows?: BlockRow[] };
  const rows = content.rows ?? [];
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const setRows = (next: BlockRow[]) => field.onChange({ ...content, rows: next });
  const setItems = (r: number, items: BlockItem[]) => setRows(rows.map((row, i) => (i === r ? { ...row, items } : row)));

  const onDragEnd = (r: number) => (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const items = rows[r].items;
    const from = items.findIndex((_, i) => itemId(r, i) === active.id);
    const to = items.findIndex((_, i) => itemId(r, i) === over.id);
    if (from >= 0 && to >= 0) setItems(r, moveItem(items, from, to));
  };

  return (
    <Box sx={{ width: '100%', my: 1 }}>
      <Typography variant="subtitle1" component="h3">
        {translate('app.block.rows')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.block.rows_help')}
      </Typography>
      {rows.map((row, r) => (
        <Card key={r} variant="outlined" sx={{ mb: 2 }} data-testid="block-row">
          <CardContent>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography variant="subtitle2">{translate('app.block.row_label', { row: r + 1 })}</Typography>
              <Stack direction="row" spacing={1}>
                <Button size="small" disabled={r === 0} onClick={() => setRows(moveItem(rows, r, r - 1))}>
                  {translate('app.block.row_up')}
                </Button>
                <Button size="small" disabled={r === rows.length - 1} onClick={() => setRows(moveItem(rows, r, r + 1))}>
                  {translate('app.block.row_down')}
                </Button>
                <Button size="small" color="error" onClick={() => setRows(rows.filter((_, i) => i !== r))}>
                  {translate('app.block.remove_row')}
                </Button>
              </Stack>
            </Stack>
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd(r)}>
              <SortableContext items={row.items.map((_, i) => itemId(r, i))} strategy={verticalListSortingStrategy}>
                {row.items.map((item, i) => (
                  <SortableItem
                    key={itemId(r, i)}
                    id={itemId(r, i)}
                    row={r}
                    index={i}
                    item={item}
                    onChange={(next) =>
                      setItems(
                        r,
                        row.items.map((old, j) => (j === i ? next : old)),
                      )
                    }
                    onRemove={() =>
                      setItems(
                        r,
                        row.items.filter((_, j) => j !== i),
                      )
                    }
                  />
                ))}
              </SortableContext>
            </DndContext>
            <Button size="small" startIcon={<AddIcon />} onClick={() => setItems(r, [...row.items, { ...EMPTY_ITEM }])}>
              {translate('app.block.add_item')}
            </Button>
          </CardContent>
        </Card>
      ))}
      <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setRows([...rows, { items: [{ ...EMPTY_ITEM }] }])}>
        {translate('app.block.add_row')}
      </Button>
    </Box>
  );
}
