import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_KINDS, ImageKind } from '../catalog/catalog.constants';
import {
  DRAWN_COLOURS,
  DRAWN_SHAPES,
  DRAWN_VIEWS,
  DrawnColour,
  DrawnPicture,
} from '../catalog/drawn-picture';
import { XmlElement, XmlNode, attributeOf, childNamed, readXml, textOf } from '../common/xml/xml-tree';
import { DRAWINGS, drawnPicture, renderDrawnPictureSvg } from './drawn-picture.renderer';

const KINDS = Object.keys(IMAGE_KINDS) as ImageKind[];
const pen: DrawnPicture = { shape: 'pen', colour: 'blue', view: 'front', kind: 'medium', brand: 'Pelikan' };

function parsed(svg: string): XmlElement {
  const read = readXml(svg);
  if (!read.ok) throw new Error(read.message);
  return read.root;
}

/** Every text node under an element, in document order. */
function texts(node: XmlNode): string[] {
  return typeof node === 'string' ? [node] : node.children.flatMap(texts);
}

function textElements(node: XmlElement): XmlElement[] {
  return node.children.flatMap((child) =>
    typeof child === 'string' ? [] : [...(child.name === 'text' ? [child] : []), ...textElements(child)],
  );
}

describe('renderDrawnPictureSvg', () => {
  it('has a drawing for every shape the catalog can name, and no other', () => {
    expect(Object.keys(DRAWINGS).sort()).toEqual([...DRAWN_SHAPES].sort());
  });

  it('draws every shape in every view and size as well-formed SVG with the brand on it', () => {
    for (const shape of DRAWN_SHAPES) {
      for (const view of DRAWN_VIEWS) {
        for (const kind of KINDS) {
          const root = parsed(renderDrawnPictureSvg({ shape, colour: 'red', view, kind, brand: 'Acme' }));
          expect(root.name).toBe('svg');
          expect(attributeOf(root, 'width')).toBe(String(IMAGE_KINDS[kind].width));
          expect(attributeOf(root, 'height')).toBe(String(IMAGE_KINDS[kind].height));
          expect(textElements(root).map(textOf)).toEqual(['Acme']);
        }
      }
    }
  });

  it('zooms in for the detail view and tilts the angled one', () => {
    const front = parsed(renderDrawnPictureSvg(pen));
    const detail = parsed(renderDrawnPictureSvg({ ...pen, view: 'detail' }));
    expect(attributeOf(front, 'viewBox')).toBe('0 0 100 100');
    expect(attributeOf(detail, 'viewBox')).toMatch(/^\d+(\.\d+)? \d+(\.\d+)? 60 60$/);
    expect(renderDrawnPictureSvg({ ...pen, view: 'angled' })).toContain('matrix(');
    expect(renderDrawnPictureSvg(pen)).not.toContain('matrix(');
  });

  it('paints the product in its colour: another colour is another picture', () => {
    const colours = Object.keys(DRAWN_COLOURS) as DrawnColour[];
    const pictures = colours.map((colour) => renderDrawnPictureSvg({ ...pen, colour }));
    expect(new Set(pictures).size).toBe(colours.length);
    for (const [i, colour] of colours.entries()) {
      expect(pictures[i]).toContain(`fill="#${DRAWN_COLOURS[colour]}"`);
    }
  });

  it('escapes the brand: markup characters are text, not markup', () => {
    const brand = `Sm<ith> & "Sons' ]]> <script>alert(1)</script>`;
    const svg = renderDrawnPictureSvg({ ...pen, brand });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<ith>');
    const root = parsed(svg);
    expect(textElements(root).map(textOf)).toEqual([brand]);
    expect(texts(childNamed(root, 'title')!).join('')).toContain(brand);
  });

  it('drops characters XML cannot carry instead of breaking the document', () => {
    const root = parsed(renderDrawnPictureSvg({ ...pen, brand: 'A\u0001B\u0000C' }));
    expect(textElements(root).map(textOf)).toEqual(['ABC']);
  });

  it('passes xmllint (libxml2) for a hostile brand in every shape', () => {
    const dir = mkdtempSync(join(tmpdir(), 'drawn-'));
    try {
      const files = DRAWN_SHAPES.map((shape, i) => {
        const file = join(dir, `${i}.svg`);
        writeFileSync(file, renderDrawnPictureSvg({ ...pen, shape, view: 'angled', brand: '<&"\'>' }));
        return file;
      });
      // --nonet: never fetch anything; a parse error exits non-zero and fails the test.
      expect(() =>
        execFileSync('xmllint', ['--noout', '--nonet', ...files], { stdio: 'pipe' }),
      ).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('squeezes a long brand into its label instead of letting it run off', () => {
    expect(renderDrawnPictureSvg({ ...pen, brand: 'Pelikan' })).not.toContain('textLength');
    expect(renderDrawnPictureSvg({ ...pen, brand: 'W'.repeat(40) })).toContain(
      'lengthAdjust="spacingAndGlyphs"',
    );
  });
});

describe('drawnPicture', () => {
  it('gives the same bytes and ETag for the same picture, another ETag for another', () => {
    const first = drawnPicture(pen);
    const again = drawnPicture({ ...pen });
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.etag).toBe(first.etag);
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(drawnPicture({ ...pen, brand: 'Pelikan!' }).etag).not.toBe(first.etag);
    expect(drawnPicture({ ...pen, kind: 'large' }).etag).not.toBe(first.etag);
  });

  it('gives the same ETag in another process (nothing depends on time, randomness or the process)', () => {
    const script =
      "const { drawnPicture } = require('./src/images/drawn-picture.renderer');" +
      `process.stdout.write(drawnPicture(${JSON.stringify(pen)}).etag);`;
    const etag = execFileSync(process.execPath, ['-r', './scripts/ts-register.js', '-e', script], {
      env: { ...process.env, TZ: 'Pacific/Chatham', LANG: 'de_DE.UTF-8' },
    }).toString();
    expect(etag).toBe(drawnPicture(pen).etag);
  });
});
