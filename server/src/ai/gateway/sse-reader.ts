/**
 * Reads a Server-Sent Events byte stream incrementally and yields the `data` of each event (multi-line data joined
 * with newlines). Comments (`:`), `event:`, `id:` and `retry:` lines are skipped: chat completions only use `data`.
 */
export async function* sseData(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const lineOf = function* (final: boolean): Generator<string> {
    for (;;) {
      const nl = buffer.search(/\r\n|\r|\n/);
      if (nl < 0 || (!final && nl === buffer.length - 1 && buffer[nl] === '\r')) return; // a lone \r may precede \n
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1));
      yield line;
    }
  };
  const eventsOf = function* (lines: Iterable<string>): Generator<string> {
    for (const line of lines) {
      if (line === '') {
        if (data.length) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
    }
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    yield* eventsOf(lineOf(false));
  }
  buffer += decoder.decode();
  yield* eventsOf(lineOf(true));
  if (buffer.startsWith('data:')) data.push(buffer.slice(buffer.startsWith('data: ') ? 6 : 5));
  if (data.length) yield data.join('\n');
}
