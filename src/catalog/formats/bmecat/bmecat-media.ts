import type { XmlElement } from '../../../common/xml/xml-tree';
import { hasText } from '../localized-text';
import { mediaUrl } from '../media-url';
import type { SupplierItemMedia } from '../supplier-item';
import { child, childText, children, trimmedText } from '../xml-element';
import { type BmecatContext, localizedTexts } from './bmecat-context';

/**
 * Pictures and documents from MIME_INFO: MIME_SOURCE resolved against the header's MIME_ROOT (the
 * source in the header's language where a file gives one per language), MIME_PURPOSE as the purpose
 * (`normal`, `thumbnail`, `detail` are pictures; `data_sheet`, `safety_data_sheet`, ... links; without
 * one, an image/* type is a `normal` picture and anything else `others`), MIME_TYPE, MIME_ALT (else
 * MIME_DESCR) as the text, in MIME_ORDER where given. A source that does not become an absolute
 * http(s) URL is left out with a warning. Nothing is fetched.
 */
export function bmecatMedia(
  product: XmlElement,
  context: BmecatContext,
  id: string,
  line: number,
): SupplierItemMedia[] {
  const media: Array<SupplierItemMedia & { order: number }> = [];
  for (const mime of children(child(product, 'MIME_INFO'), 'MIME')) {
    const sources = children(mime, 'MIME_SOURCE');
    const source =
      sources.find(
        (s) => s.attributes.lang === undefined || s.attributes.lang === context.defaultLanguageCode,
      ) ?? sources[0];
    const written = source ? trimmedText(source) : '';
    const url = mediaUrl(written, context.mimeRoot);
    if (url === null) {
      context.warnings.warn(
        'media-url',
        `product ${id}: MIME_SOURCE "${written}" is not an http(s) URL${context.mimeRoot ? '' : ' and the header has no MIME_ROOT'}; left out`,
        line,
      );
      continue;
    }
    const mimeType = childText(mime, 'MIME_TYPE');
    const alt = localizedTexts(children(mime, 'MIME_ALT'), context, line);
    const order = Number(childText(mime, 'MIME_ORDER') ?? Number.NaN);
    media.push({
      url,
      purpose:
        childText(mime, 'MIME_PURPOSE')?.toLowerCase() ??
        (mimeType?.startsWith('image/') ? 'normal' : 'others'),
      mimeType,
      description: hasText(alt) ? alt : localizedTexts(children(mime, 'MIME_DESCR'), context, line),
      order: Number.isFinite(order) ? order : Number.MAX_SAFE_INTEGER,
    });
  }
  return media
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.order - b.entry.order || a.index - b.index)
    .map(({ entry: { order: _order, ...entry } }) => entry);
}
