import { textLines } from './text-lines';

async function lines(chunks: string[], maxLength = 100): Promise<string[]> {
  const out: string[] = [];
  for await (const line of textLines(
    (async function* () {
      yield* chunks;
    })(),
    maxLength,
  ))
    out.push(line);
  return out;
}

describe('textLines', () => {
  it('ends lines at \\n only, drops the \\r of CRLF and keeps other line-like characters', async () => {
    expect(await lines(['a\u2028b\r\nc\rd\u0085e\u2029f\n', 'g'])).toEqual([
      'a\u2028b',
      'c\rd\u0085e\u2029f',
      'g',
    ]);
  });

  it('joins lines across chunk boundaries, including a CRLF cut between two chunks', async () => {
    expect(await lines(['ab', 'c\r', '\nde', 'f\n\n', 'x'])).toEqual(['abc', 'def', '', 'x']);
  });

  it('yields no extra empty line after a final newline, and nothing for empty input', async () => {
    expect(await lines(['a\n'])).toEqual(['a']);
    expect(await lines([])).toEqual([]);
    expect(await lines(['', ''])).toEqual([]);
  });

  it('cuts a line over the limit to limit + 1 characters and skips the rest, across chunks', async () => {
    expect(await lines(['12345', '6789\nok\n', 'abcdefgh'], 4)).toEqual(['12345', 'ok', 'abcde']);
  });
});
