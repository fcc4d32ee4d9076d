/** The publish pipe screen's resource (menu path `cms/template/publishpipe`) and its API path. */
export const PIPE_RESOURCE = 'cms/template/publishpipe';
export const PIPE_API = 'cms/publishpipe';

/** Pipe codes: letters, digits, underscore, at most 50 (the server's PIPE_CODE); fixed once created. */
export const PIPE_CODE = /^[A-Za-z0-9_]{1,50}$/;

export const PIPE_STATUS = ['0', '1'].map((id) => ({ id, name: `app.cms_publishpipe.status_${id}` }));

/** Route that turns a pipe on (`'0'`) or off (`'1'`). */
export const pipeStatusUrl = (publishpipeId: string | number, enable: boolean) =>
  `/cms/publishpipe/${enable ? 'enable' : 'disable'}/${encodeURIComponent(String(publishpipeId))}`;

/** Fields the pipe forms send (the code only on create: the server keeps it). */
export function pipeBody(values: Record<string, unknown>, create: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: String(values.name ?? '').trim(),
    status: values.status === '1' ? '1' : '0',
    sort: Number(values.sort ?? 0) || 0,
    remark: String(values.remark ?? ''),
  };
  if (create) body.code = String(values.code ?? '').trim();
  return body;
}
