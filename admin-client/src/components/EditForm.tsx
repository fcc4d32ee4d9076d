import type { ReactNode } from 'react';
import { SaveButton, SimpleForm, Toolbar, type SimpleFormProps } from 'react-admin';

interface EditFormProps extends Omit<SimpleFormProps, 'toolbar' | 'resetOptions'> {
  /** The screen's delete button; it hides itself on create pages and where the server refuses the delete. */
  deleteButton?: ReactNode;
}

/**
 * The form of a create/edit page: fields, then Save and the screen's delete button.
 *
 * An edit page first shows the list's row, then the full record (roles with their menus...) re-initialises the form.
 * Typing done in between must survive it and still count as a change: the reset keeps dirty values, and Save stays
 * enabled in any case rather than going dead.
 */
export function EditForm({ deleteButton, children, ...props }: EditFormProps) {
  return (
    <SimpleForm
      {...props}
      resetOptions={{ keepDirtyValues: true }}
      toolbar={
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <SaveButton alwaysEnable />
          {deleteButton}
        </Toolbar>
      }
    >
      {children}
    </SimpleForm>
  );
}
