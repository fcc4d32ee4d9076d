import { UPLOAD } from '@zhiwen/shared';
import { useRef, useState, type ChangeEvent } from 'react';
import { t } from '../app/messages';
import { showToast } from '../app/toast/toastStore';
import { reloadMember } from '../auth/actions';
import { uploadAvatar } from '../auth/api';
import type { MemberProfile } from '../auth/session';

const AVATAR_TYPES = ['image/png', 'image/jpeg'];

/** The member's picture (a letter when none is set) and its upload: jpg or png, 2 MB (spec 5). */
export function Avatar({ member, editable = false }: { member: MemberProfile; editable?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const name = member.nickName || member.userName;

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) return showToast('error', t('upload.wrongFormat', { types: 'png/jpg' }));
    if (file.size > UPLOAD.imageSizeMb * 1024 * 1024) return showToast('error', t('upload.avatarTooLarge', { n: UPLOAD.imageSizeMb }));
    setBusy(true);
    try {
      await uploadAvatar(file);
      showToast('success', t('member.avatarSaved'));
      await reloadMember();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="avatar-box">
      {member.avatarSrc ? (
        <img className="avatar" src={member.avatarSrc} alt={t('member.avatarTitle')} width={72} height={72} />
      ) : (
        <span className="avatar avatar-letter" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      {editable && (
        <>
          <button type="button" className="link-button" disabled={busy} onClick={() => input.current?.click()}>
            {t('member.avatarUpload')}
          </button>
          <input ref={input} type="file" accept="image/png,image/jpeg" hidden onChange={(e) => void pick(e)} />
        </>
      )}
    </div>
  );
}
