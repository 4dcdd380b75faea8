import { parseDrawnPicture } from './drawn-picture.params';

describe('parseDrawnPicture', () => {
  const good = { shape: 'mug', colour: '2160b8', view: 'angled', file: 'small.svg' };

  it('reads a well-formed picture URL', () => {
    expect(parseDrawnPicture(good, 'Kahla & Co')).toEqual({
      shape: 'mug',
      colour: 'blue',
      view: 'angled',
      kind: 'small',
      brand: 'Kahla & Co',
    });
  });

  it.each([
    ['an unknown shape', { ...good, shape: 'spaceship' }],
    ['a prototype key as shape', { ...good, shape: 'constructor' }],
    ['a colour outside the palette', { ...good, colour: '123456' }],
    ['an upper-case colour', { ...good, colour: '2160B8' }],
    ['a colour with #', { ...good, colour: '#2160b8' }],
    ['an unknown view', { ...good, view: 'top' }],
    ['an unknown size', { ...good, file: 'huge.svg' }],
    ['another format', { ...good, file: 'small.png' }],
  ])('refuses %s', (_, params) => {
    expect(parseDrawnPicture(params, 'Acme')).toBeNull();
  });

  it.each([
    ['missing', undefined],
    ['given twice', ['Acme', 'Other']],
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'x'.repeat(41)],
    ['with a control character', 'Ac\u0007me'],
    ['with a line break', 'Ac\nme'],
    ['with a lone surrogate', 'Ac\uD800me'],
  ])('refuses a brand %s', (_, brand) => {
    expect(parseDrawnPicture(good, brand)).toBeNull();
  });

  it('counts the brand in characters, not UTF-16 units', () => {
    expect(parseDrawnPicture(good, '😀'.repeat(40))).not.toBeNull();
    expect(parseDrawnPicture(good, '😀'.repeat(41))).toBeNull();
  });
});
