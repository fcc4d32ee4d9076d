/** Choices of the member screens, labelled by i18n keys. */
export const MEMBER_SOURCE = ['register', 'admin', 'wechat'].map((id) => ({ id, name: `app.member.source_${id}` }));
export const EXP_OP = ['signIn', 'register', 'checkOrder'].map((id) => ({ id, name: `app.member_exp.op_${id}` }));

/** Spec 5: a member user name starts with a letter and uses only letters, digits and underscore. */
export const MEMBER_USER_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
