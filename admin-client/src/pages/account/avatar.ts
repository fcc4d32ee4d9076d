import { UPLOAD } from '@zhiwen/shared';

/** Spec 5: an avatar is a jpg or png image of at most 2 MB (the server checks the content again). */
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png'];

export interface FileProblem {
  /** i18n key of the spec 8 message. */
  message: string;
  args: Record<string, unknown>;
}

/** Why `file` cannot be an avatar, or undefined when it can be uploaded. */
export function avatarFileProblem(file: { name: string; type: string; size: number }): FileProblem | undefined {
  const extension = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  const typeOk = (AVATAR_EXTENSIONS as readonly string[]).includes(extension) && (!file.type || AVATAR_MIME_TYPES.includes(file.type));
  if (!typeOk) return { message: 'app.account.avatar.format', args: { types: 'jpg/png' } };
  if (file.size > UPLOAD.imageSizeMb * 1024 * 1024) return { message: 'app.account.avatar.size', args: { size: UPLOAD.imageSizeMb } };
  return undefined;
}
