import { Breadcrumbs, Link as MuiLink, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../usePageTitle';

/** Where the current page sits in the menu: 首页 / 系统管理 / 用户管理 [/ 编辑]. */
export function Breadcrumb() {
  const translate = useTranslate();
  const location = useLocation();
  const { trail } = usePageTitle(location.pathname);
  const atHome = location.pathname === '/' || location.pathname === '';
  return (
    <Breadcrumbs
      aria-label="breadcrumb"
      sx={{ color: 'inherit', flex: 1, '& .MuiBreadcrumbs-separator': { color: 'inherit' } }}
      data-testid="breadcrumb"
    >
      {atHome ? (
        <Typography color="inherit">{translate('app.layout.home')}</Typography>
      ) : (
        <MuiLink component={Link} to="/" color="inherit" underline="hover">
          {translate('app.layout.home')}
        </MuiLink>
      )}
      {trail.map((title, i) => (
        <Typography key={`${i}-${title}`} color="inherit" sx={{ opacity: i === trail.length - 1 ? 1 : 0.8 }}>
          {title}
        </Typography>
      ))}
    </Breadcrumbs>
  );
}
