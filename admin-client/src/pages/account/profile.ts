/** `data` of GET /system/user/profile: the caller's account with department, role and post names. */
export interface Profile {
  user: {
    userId: string;
    userName: string;
    nickName: string;
    email: string;
    phonenumber: string;
    sex: string;
    avatar: string;
    createTime: string;
    dept?: { deptName?: string } | null;
  };
  roleGroup: string;
  postGroup: string;
}

/** What PUT /system/user/profile takes. */
export interface ProfileForm {
  nickName: string;
  phonenumber: string;
  email: string;
  /** '0' male, '1' female; left out when not chosen. */
  sex?: string;
}

/** Mobile numbers the server accepts (mainland China), as in its UpdateProfileDto. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const NICK_NAME_MAX = 30;
export const EMAIL_MAX = 100;

/** The editable fields of a profile, trimmed; nothing else is sent. */
export function profileForm(values: Partial<ProfileForm>): ProfileForm {
  return {
    nickName: (values.nickName ?? '').trim(),
    phonenumber: (values.phonenumber ?? '').trim(),
    email: (values.email ?? '').trim(),
    ...(values.sex ? { sex: values.sex } : {}),
  };
}
