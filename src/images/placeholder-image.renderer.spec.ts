import { placeholderImage, renderPlaceholderSvg } from './placeholder-image.renderer';

describe('renderPlaceholderSvg', () => {
  it('is sized for the kind', () => {
    expect(renderPlaceholderSvg('medium')).toContain('width="500" height="500"');
    expect(renderPlaceholderSvg('thumbnail')).toContain('width="75" height="75"');
  });
});

describe('placeholderImage', () => {
  it('has one body and one strong ETag per kind, different between kinds', () => {
    const small = placeholderImage('small');
    expect(placeholderImage('small')).toBe(small);
    expect(small.body.toString()).toBe(renderPlaceholderSvg('small'));
    expect(small.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(placeholderImage('large').etag).not.toBe(small.etag);
  });
});
