import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The edit and delete buttons of a hand-made table's row, named for screen readers after the row ("编辑 <name>"). A
 * button is shown only when its handler is given (pass none when the caller lacks the permission); `children` come
 * first (a row's own actions).
 */
export function RowActions({ name, onEdit, onDelete, children }: { name: string; onEdit?: () => void; onDelete?: () => void; children?: ReactNode }) {
  const translate = useTranslate();
  const edit = translate('ra.action.edit');
  const remove = translate('ra.action.delete');
  return (
    <>
      {children}
      {onEdit && (
        <Tooltip title={edit}>
          <IconButton size="small" aria-label={`${edit} ${name}`} onClick={onEdit}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip title={remove}>
          <IconButton size="small" aria-label={`${remove} ${name}`} onClick={onDelete}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}
