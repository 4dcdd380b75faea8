import { isWellFormedText } from '../validation/well-formed-text';
import { cutText } from './cut-text';

describe('cutText', () => {
  it('keeps a value within the limit as it is', () => {
    expect(cutText('abc', 3)).toBe('abc');
    expect(cutText('a\u{1F600}', 3)).toBe('a\u{1F600}');
  });

  it('cuts at the limit between whole characters', () => {
    expect(cutText('abcdef', 4)).toBe('abcd');
    expect(cutText('\u{1F600}\u{1F600}', 2)).toBe('\u{1F600}');
  });

  it('drops a character whose pair the limit would split, so the result is well-formed', () => {
    const cut = cutText(`${'a'.repeat(499)}\u{1F600}`, 500);
    expect(cut).toBe('a'.repeat(499));
    expect(isWellFormedText(cut)).toBe(true);
    expect(cutText('\u{1F600}', 1)).toBe('');
  });

  it('cuts to nothing at a limit of 0', () => {
    expect(cutText('abc', 0)).toBe('');
  });
});
