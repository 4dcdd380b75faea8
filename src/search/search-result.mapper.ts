import type { SearchHit } from './search.repository';
import { AVAILABILITY_NAMES, deliveryIn } from '../catalog/catalog.messages';
import { netTaxLabel, netUnitPrice, vatRateOf } from '../catalog/vat';
import { placeholderImage } from '../catalog/placeholder-image';
import { absoluteImageUrl } from '../catalog/image-url';
import { formatMoney } from '../common/i18n/money';
import { ImageDto, SearchResultDto } from './dto/search-response.dto';
import { Language } from '../common/i18n/language';
import { localizedName } from '../catalog/product-texts';

function previewOf(hit: SearchHit, name: string, publicUrl: string): ImageDto {
  const images = Array.isArray(hit.images) ? (hit.images as ImageDto[]) : [];
  const own =
    images.find((i) => i.kind === 'small') ?? images.find((i) => i.kind === 'thumbnail') ?? images[0];
  return own
    ? { ...own, url: absoluteImageUrl(own.url, publicUrl) }
    : placeholderImage(publicUrl, hit.id, 'small', name);
}

/**
 * One search result as the spec shapes it, in the caller's language. Its price is THE unit price of
 * the shown offer (net, in the currency's minor unit: what a cart line of it stores), labelled so,
 * with a gross quote beside it only where the offer quotes gross (docs/search.md, "Prices").
 */
export function toSearchResult(hit: SearchHit, language: Language, publicUrl: string): SearchResultDto {
  const currency = hit.currency ?? 'EUR';
  const net = netUnitPrice(hit.price ?? 0, hit, currency);
  const name = localizedName(hit.names, language, hit.name).text;
  const result: SearchResultDto = {
    id: hit.id,
    provider: 'marketplace',
    name,
    price: { amount: net.toNumber(), currency, formatted: formatMoney(net, currency, language) },
    preview: previewOf(hit, name, publicUrl),
    quantityDiscountsAvailable: hit.quantityDiscounts,
    preferred: hit.preferred,
    blocked: hit.blocked,
    sku: hit.productCode,
  };
  if (hit.vendor) result.vendor = hit.vendor;
  if (hit.deliveryDays !== null) result.delivery = deliveryIn(hit.deliveryDays, language);
  if (hit.price !== null && hit.priceIncludesVat && vatRateOf(hit) !== null)
    result.quotedPrice = {
      amount: Number(hit.price),
      currency,
      formatted: formatMoney(hit.price, currency, language),
    };
  const label = netTaxLabel(hit, hit.priceTaxLabel, language);
  if (label) result.priceTaxLabel = label;
  if (hit.starRating !== null) result.starRating = Math.round(hit.starRating * 10) / 10;
  if (hit.availability)
    result.availability = AVAILABILITY_NAMES[hit.availability]?.[language] ?? hit.availability;
  return result;
}
