/**
 * A notice an operator must not miss among the JSON log lines (the demo's one-time credentials):
 * between two rules as wide as its longest line (78 at least), each line indented. Plain ASCII, so it survives journald and
 * `docker compose logs`.
 */
export function noticeBox(text: string): string {
  const lines = text
    .trim()
    .split('\n')
    .map((line) => (line ? `  ${line.trimStart()}` : ''));
  const rule = '='.repeat(Math.max(78, ...lines.map((line) => line.length + 2)));
  return ['', rule, ...lines, rule, ''].join('\n');
}
