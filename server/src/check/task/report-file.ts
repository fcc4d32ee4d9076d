import { StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { DOWNLOAD_FILENAME_HEADER } from '@zhiwen/shared';

/**
 * A stored report file as the answer: named for download (UTF-8 name in the header clients read), inline for HTML.
 * Our HTML reports are our own escaped markup; still, they may run nothing and load nothing but inline styles and images.
 */
export function reportResponse(res: Response, file: { stream: Readable; type: string; fileName: string }, inline: boolean): StreamableFile {
  const encoded = encodeURIComponent(file.fileName);
  res.setHeader(DOWNLOAD_FILENAME_HEADER, encoded);
  if (file.type.startsWith('text/html'))
    res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:");
  return new StreamableFile(file.stream, {
    type: file.type,
    disposition: `${inline ? 'inline' : 'attachment'}; filename="report"; filename*=UTF-8''${encoded}`,
  });
}
