/** One piece of the generate stream (docs/ai-writing.md, "SSE protocol of generate"). */
export type SsePiece = { type: 'content'; text: string } | { type: 'error'; message: string } | { type: 'done' };

/**
 * Incremental reader of `data:` lines: feed it text as it arrives (a chunk may end mid-line or mid-event) and it
 * answers the complete pieces. Comments, other fields and unreadable JSON are skipped: only `data:` carries pieces.
 */
export function createSseParser(): { push(text: string): SsePiece[]; end(): SsePiece[] } {
  let buffer = '';
  let finished = false;

  function lineToPiece(line: string): SsePiece | undefined {
    if (!line.startsWith('data:')) return undefined;
    const data = line.slice(5).replace(/^ /, '');
    if (data === '[DONE]') return { type: 'done' };
    try {
      const value: unknown = JSON.parse(data);
      if (typeof value !== 'object' || value === null) return undefined;
      const { content, error } = value as { content?: unknown; error?: unknown };
      if (typeof error === 'string') return { type: 'error', message: error };
      if (typeof content === 'string') return { type: 'content', text: content };
    } catch {
      // a malformed line is not a piece
    }
    return undefined;
  }

  function drain(final: boolean): SsePiece[] {
    const pieces: SsePiece[] = [];
    let newline: number;
    while (!finished && (newline = buffer.search(/\r?\n|\r/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer[newline] === '\r' && buffer[newline + 1] === '\n' ? 2 : 1));
      const piece = lineToPiece(line);
      if (piece) pieces.push(piece);
      if (piece?.type === 'done') finished = true; // nothing after [DONE] counts
    }
    if (final && !finished && buffer) {
      const piece = lineToPiece(buffer);
      buffer = '';
      if (piece) pieces.push(piece);
    }
    return pieces;
  }

  return {
    push(text: string) {
      buffer += text;
      return drain(false);
    },
    end: () => drain(true),
  };
}

/**
 * Reads an event-stream body, calling `onPiece` for each piece until `[DONE]` (then the reader is released) or the
 * end of the body. Bytes are decoded as a stream, so a character split between two chunks stays whole.
 */
export async function readSse(body: ReadableStream<Uint8Array>, onPiece: (piece: SsePiece) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  const parser = createSseParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      const pieces = done ? [...parser.push(decoder.decode()), ...parser.end()] : parser.push(decoder.decode(value, { stream: true }));
      for (const piece of pieces) {
        onPiece(piece);
        if (piece.type === 'done') return;
      }
      if (done) return;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
