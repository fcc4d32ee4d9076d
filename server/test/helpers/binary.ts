import type request from 'supertest';

/** supertest parser that keeps a binary answer (an .xlsx download) as one Buffer. */
export function binaryParser(res: request.Response, cb: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}
