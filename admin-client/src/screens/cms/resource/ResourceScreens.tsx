import { Box } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useHasPermission } from '../../../components/usePermission';
import { ResourceBrowser } from './ResourceBrowser';

/** 资源库 (`cms/resource/index`): the site's resources, uploaded by drag and drop, browsed as a grid or a table. */
export function ResourceLibrary() {
  const translate = useTranslate();
  const upload = useHasPermission('cms:resource:upload');
  const add = useHasPermission('cms:resource:add');
  const edit = useHasPermission('cms:resource:edit');
  const remove = useHasPermission('cms:resource:remove');
  const download = useHasPermission('cms:resource:download');
  return (
    <Box sx={{ p: 1 }}>
      <Title title={translate('app.cms_resource.title')} />
      <ResourceBrowser canUpload={upload || add} canEdit={edit} canRemove={remove} canDownload={download} />
    </Box>
  );
}

/** 素材库 (`cms/resource/material`): the picker's library as a screen (upload and remove with the material permissions). */
export function MaterialLibrary() {
  const translate = useTranslate();
  const upload = useHasPermission('cms:material:upload');
  const remove = useHasPermission('cms:material:remove');
  const resourceUpload = useHasPermission('cms:resource:upload');
  const edit = useHasPermission('cms:resource:edit');
  const download = useHasPermission('cms:resource:download');
  return (
    <Box sx={{ p: 1 }}>
      <Title title={translate('app.cms_resource.material_title')} />
      <ResourceBrowser canUpload={upload || resourceUpload} canEdit={edit} canRemove={remove} canDownload={download} />
    </Box>
  );
}
