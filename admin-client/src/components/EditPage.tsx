import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Edit, useRecordContext, useTranslate, type EditProps } from 'react-admin';

/** "编辑角色：内容编辑": `titleKey` with the record's `nameSource` as `%{name}` (react-admin would show `#id`). */
function RecordTitle({ titleKey, nameSource }: { titleKey: string; nameSource: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  return record ? <>{translate(titleKey, { name: record[nameSource] ?? '' })}</> : null;
}

interface EditPageProps extends Omit<EditProps, 'title' | 'children'> {
  /** i18n key of the title, with a `%{name}` placeholder. */
  titleKey: string;
  /** Field that names the record (`roleName`...). */
  nameSource: string;
  children: ReactNode;
}

/**
 * The edit page of a screen: saved on the server's answer, back to the list, titled with the record's name both as
 * react-admin's page title and as a heading over the form (the console's app bar shows the breadcrumb instead).
 */
export function EditPage({ titleKey, nameSource, children, ...props }: EditPageProps) {
  const title = <RecordTitle titleKey={titleKey} nameSource={nameSource} />;
  return (
    <Edit mutationMode="pessimistic" redirect="list" {...props} title={title}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {title}
      </Typography>
      {children}
    </Edit>
  );
}
