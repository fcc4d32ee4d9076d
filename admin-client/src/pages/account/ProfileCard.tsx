import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Avatar, Box, Button, Card, CardContent, CardHeader, Divider, Typography } from '@mui/material';
import { formatDateTime, UPLOAD } from '@zhiwen/shared';
import { useRef, type ChangeEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { useApiCall } from '../../components/useApiCall';
import { httpClient } from '../../providers/httpClient';
import { AVATAR_EXTENSIONS, avatarFileProblem } from './avatar';
import type { Profile } from './profile';

/** Left card of the account center: avatar (click to upload), account, phone, email, department, roles, created. */
export function ProfileCard({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { run, busy } = useApiCall();
  const fileInput = useRef<HTMLInputElement>(null);
  const { user } = profile;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again still fires
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      notify(problem.message, { type: 'error', messageArgs: problem.args });
      return;
    }
    const body = new FormData();
    body.append('avatarfile', file);
    if (await run(() => httpClient.post('/system/user/profile/avatar', body), 'app.account.avatar.success')) onChanged();
  };

  const dept = [user.dept?.deptName, profile.postGroup].filter(Boolean).join(' / ');
  const rows: [string, string][] = [
    ['app.account.user_name', user.userName],
    ['app.account.phone', user.phonenumber],
    ['app.account.email', user.email],
    ['app.account.dept', dept],
    ['app.account.roles', profile.roleGroup],
    ['app.account.created', formatDateTime(user.createTime)],
  ];

  return (
    <Card>
      <CardHeader title={translate('app.account.personal_info')} />
      <CardContent>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mb: 2 }}>
          <Avatar
            src={user.avatar || undefined}
            alt={user.nickName || user.userName}
            sx={{ width: 120, height: 120, fontSize: 48 }}
            data-testid="account-avatar"
          >
            {(user.nickName || user.userName || '?').slice(0, 1)}
          </Avatar>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={AVATAR_EXTENSIONS.map((ext) => `.${ext}`).join(',')}
            aria-label={translate('app.account.avatar.change')}
            onChange={(e) => void upload(e)}
          />
          <Button size="small" startIcon={<PhotoCameraIcon />} onClick={() => fileInput.current?.click()} disabled={busy}>
            {translate('app.account.avatar.change')}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {translate('app.account.avatar.hint', { size: UPLOAD.imageSizeMb })}
          </Typography>
        </Box>
        <Divider />
        {rows.map(([label, value]) => (
          <Box
            key={label}
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1.25, borderBottom: '1px solid', borderColor: 'divider' }}
          >
            <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
              {translate(label)}
            </Typography>
            <Typography variant="body2" sx={{ textAlign: 'right', wordBreak: 'break-all' }}>
              {value || '-'}
            </Typography>
          </Box>
        ))}
        <Button component={Link} to="/user/preference" size="small" sx={{ mt: 1 }}>
          {translate('app.layout.preference')}
        </Button>
      </CardContent>
    </Card>
  );
}
