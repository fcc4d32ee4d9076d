import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, type ButtonProps } from '@mui/material';
import { useState } from 'react';
import { Button, useInput, useTranslate } from 'react-admin';
import { useHasPermission } from '../../../components/usePermission';
import { ResourceBrowser } from './ResourceBrowser';
import type { ResourceRow, ResourceType } from './resource';

export interface MaterialPickerProps {
  open: boolean;
  /** The kinds wanted (images for a logo); every kind when absent. */
  kinds?: ResourceType[];
  multiple?: boolean;
  /** Site of the library (the site editor picks from the site it edits); the current site when absent. */
  siteId?: string;
  title?: string;
  onClose: () => void;
  onPick: (rows: ResourceRow[]) => void;
}

/** Whether the caller may browse the library from a picker and upload into it (either screen's permissions). */
export function usePickerPermissions() {
  const resourceView = useHasPermission('cms:resource:view');
  const materialView = useHasPermission('cms:material:view');
  const resourceUpload = useHasPermission('cms:resource:upload');
  const resourceAdd = useHasPermission('cms:resource:add');
  const materialUpload = useHasPermission('cms:material:upload');
  return { canPick: resourceView || materialView, canUpload: resourceUpload || resourceAdd || materialUpload };
}

/** 素材库: the one dialog where an image or file is chosen, from the site's library or uploaded new (it then comes selected). */
export function MaterialPicker({ open, kinds, multiple, siteId, title, onClose, onPick }: MaterialPickerProps) {
  const translate = useTranslate();
  const { canUpload } = usePickerPermissions();
  const [selected, setSelected] = useState<ResourceRow[]>([]);
  const close = () => {
    setSelected([]);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="lg" aria-labelledby="material-picker-title">
      <DialogTitle id="material-picker-title">{title ?? translate('app.cms_resource.picker_title')}</DialogTitle>
      <DialogContent dividers>
        {open ? (
          <ResourceBrowser
            kinds={kinds}
            siteId={siteId}
            pick={{ multiple, selected, onChange: setSelected }}
            canUpload={canUpload}
            canEdit={false}
            canRemove={false}
            canDownload={false}
            pageSize={20}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={close} />
        <Button
          label={translate('app.cms_resource.pick_confirm', { count: selected.length })}
          variant="contained"
          disabled={!selected.length}
          onClick={() => {
            const rows = selected;
            setSelected([]);
            onPick(rows);
          }}
        />
      </DialogActions>
    </Dialog>
  );
}

/** A button that opens the picker and hands over what was chosen (nothing without a library view permission). */
export function PickFromLibraryButton({
  kinds,
  multiple,
  siteId,
  label,
  disabled,
  onPick,
  ...buttonProps
}: Omit<ButtonProps, 'onClick'> & {
  kinds?: ResourceType[];
  multiple?: boolean;
  siteId?: string;
  label?: string;
  onPick: (rows: ResourceRow[]) => void;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { canPick } = usePickerPermissions();
  if (!canPick) return null;
  return (
    <>
      <MuiButton variant="outlined" startIcon={<PhotoLibraryIcon />} disabled={disabled} onClick={() => setOpen(true)} {...buttonProps}>
        {label ?? translate('app.cms_resource.from_library')}
      </MuiButton>
      <MaterialPicker
        open={open}
        kinds={kinds}
        multiple={multiple}
        siteId={siteId}
        onClose={() => setOpen(false)}
        onPick={(rows) => {
          setOpen(false);
          onPick(rows);
        }}
      />
    </>
  );
}

/** Beside a form's text input (a logo): picks from the library and writes the resource's path into `source`. */
export function PickIntoInputButton({ source, kinds = ['image'], siteId }: { source: string; kinds?: ResourceType[]; siteId?: string }) {
  const { field } = useInput({ source });
  return <PickFromLibraryButton size="small" kinds={kinds} siteId={siteId} onPick={([row]) => row && field.onChange(row.path)} sx={{ mb: 2 }} />;
}
