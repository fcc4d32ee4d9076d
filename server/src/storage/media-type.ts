/** Audio and video formats accepted for CMS media, recognised by their first bytes (never by the file name). */
const SIGNATURES: Array<{ ext: string; mime: string; kind: 'audio' | 'video'; test: (b: Buffer) => boolean }> = [
  // MP3: an ID3 tag, or an MPEG audio frame sync.
  {
    ext: 'mp3',
    mime: 'audio/mpeg',
    kind: 'audio',
    test: (b) => b.length > 3 && (b.toString('ascii', 0, 3) === 'ID3' || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0)),
  },
  { ext: 'ogg', mime: 'audio/ogg', kind: 'audio', test: (b) => b.length > 4 && b.toString('ascii', 0, 4) === 'OggS' },
  {
    ext: 'wav',
    mime: 'audio/wav',
    kind: 'audio',
    test: (b) => b.length > 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WAVE',
  },
  // ISO media: `ftyp` at offset 4; M4A brands are audio, the rest (isom, mp42, ...) video.
  {
    ext: 'm4a',
    mime: 'audio/mp4',
    kind: 'audio',
    test: (b) => b.length > 12 && b.toString('ascii', 4, 8) === 'ftyp' && /^M4[AB] /.test(b.toString('ascii', 8, 12)),
  },
  { ext: 'mp4', mime: 'video/mp4', kind: 'video', test: (b) => b.length > 12 && b.toString('ascii', 4, 8) === 'ftyp' },
  // Matroska/WebM EBML header.
  { ext: 'webm', mime: 'video/webm', kind: 'video', test: (b) => b.length > 4 && b.readUInt32BE(0) === 0x1a45dfa3 },
];

/** The audio or video type of a file's content, or undefined when it is none of mp3, ogg, wav, m4a, mp4, webm. */
export function detectMediaType(data: Buffer): { ext: string; mime: string; kind: 'audio' | 'video' } | undefined {
  const found = SIGNATURES.find((s) => s.test(data));
  return found ? { ext: found.ext, mime: found.mime, kind: found.kind } : undefined;
}
