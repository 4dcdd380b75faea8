import { renderPlaceholderSvg } from './placeholder-image.renderer';

describe('renderPlaceholderSvg', () => {
  it('is deterministic and sized for the kind', () => {
    const svg = renderPlaceholderSvg('p1', 'Leitz Ordner A4', 'medium');
    expect(svg).toBe(renderPlaceholderSvg('p1', 'Leitz Ordner A4', 'medium'));
    expect(svg).toContain('width="500" height="500"');
    expect(renderPlaceholderSvg('p1', 'x', 'thumbnail')).toContain('width="75" height="75"');
  });

  it('escapes markup in the product name and shortens long names', () => {
    const svg = renderPlaceholderSvg('p1', `<script>alert("x")</script> & ${'a'.repeat(200)}`, 'large');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;');
    expect(svg.length).toBeLessThan(2000);
  });
});
