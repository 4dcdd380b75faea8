/**
 * Splits streamed text into lines at `\n` only (a `\r` right before it is dropped, so CRLF files read
 * the same). Node's readline also ends lines at a lone `\r` and, on Node 24, at U+2028 and U+2029:
 * characters that are legal inside a JSON string or a quoted CSV field, so a row holding one was cut
 * in two.
 *
 * A line longer than `maxLength` is not held whole: it is yielded cut to `maxLength + 1` characters
 * (so the caller can tell it was too long) and the rest of it is skipped, which keeps memory bounded
 * whatever the input.
 */
export async function* textLines(chunks: AsyncIterable<string>, maxLength: number): AsyncGenerator<string> {
  let line = '';
  const append = (text: string) => {
    if (line.length <= maxLength) line += text.slice(0, maxLength + 1 - line.length);
  };
  const take = () => {
    const taken = line.length <= maxLength && line.endsWith('\r') ? line.slice(0, -1) : line;
    line = '';
    return taken;
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      append(chunk.slice(start, end));
      yield take();
      start = end + 1;
    }
    append(chunk.slice(start));
  }
  if (line !== '') yield take();
}
