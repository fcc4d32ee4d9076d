import { describe, expect, it } from 'vitest';
import { createSseParser, readSse, type SsePiece } from '../src/ai/sse';

const encoder = new TextEncoder();
/** A body delivering the given byte chunks one read at a time, as a network does. */
function body(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(ctrl) {
      const next = chunks.shift();
      if (next) ctrl.enqueue(next);
      else ctrl.close();
    },
  });
}

describe('SSE parser of the generate stream', () => {
  it('joins a line split across chunks, and several events in one chunk', () => {
    const parser = createSseParser();
    expect(parser.push('data: {"conte')).toEqual([]);
    expect(parser.push('nt":"第一段"}\n')).toEqual([{ type: 'content', text: '第一段' }]);
    expect(parser.push('\ndata: {"content":"a\\nb"}\n\ndata: {"content":"c"}\r\n\r\n')).toEqual([
      { type: 'content', text: 'a\nb' },
      { type: 'content', text: 'c' },
    ]);
  });

  it('reports an error piece and stops at [DONE], ignoring anything after it', () => {
    const parser = createSseParser();
    const pieces = parser.push(
      'data: {"content":"开头"}\n\ndata: {"error":"AI 服务中断，已生成的内容可能不完整，请重试"}\n\ndata: [DONE]\n\ndata: {"content":"late"}\n\n',
    );
    expect(pieces).toEqual([
      { type: 'content', text: '开头' },
      { type: 'error', message: 'AI 服务中断，已生成的内容可能不完整，请重试' },
      { type: 'done' },
    ]);
    expect(parser.end()).toEqual([]);
  });

  it('skips comments, other fields and malformed data', () => {
    const parser = createSseParser();
    expect(parser.push(': keep-alive\nevent: x\ndata: not json\ndata: {"other":1}\ndata:{"content":"ok"}\n')).toEqual([
      { type: 'content', text: 'ok' },
    ]);
  });

  it('reads a body byte by byte: a character split between chunks stays whole, and reading ends at [DONE]', async () => {
    const bytes = encoder.encode('data: {"content":"你好"}\n\ndata: {"content":"，世界"}\n\ndata: [DONE]\n\n');
    const chunks = [...bytes].map((b) => Uint8Array.of(b));
    const pieces: SsePiece[] = [];
    await readSse(body(chunks), (piece) => pieces.push(piece));
    expect(pieces).toEqual([{ type: 'content', text: '你好' }, { type: 'content', text: '，世界' }, { type: 'done' }]);
  });

  it('ends without [DONE] when the body ends (a broken stream), keeping a last unterminated line', async () => {
    const pieces: SsePiece[] = [];
    await readSse(body([encoder.encode('data: {"content":"半"}\n\ndata: {"content":"截"}')]), (piece) => pieces.push(piece));
    expect(pieces).toEqual([
      { type: 'content', text: '半' },
      { type: 'content', text: '截' },
    ]);
  });
});
