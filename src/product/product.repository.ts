import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';

export interface QuantityTierRow {
  minQuantity: number;
  price: number;
}

export interface OfferRow {
  id: string;
  vendor: string;
  /** Decimal text as stored (no binary rounding until the response). */
  price: string;
  currency: string;
  quantityTiers: QuantityTierRow[];
  quantityMin: number | null;
  quantityMax: number | null;
  condition: string;
  fulfillment: string | null;
  deliveryDays: number | null;
  availability: string;
  priceTaxLabel: string | null;
  priceInfo: string | null;
  unit: string;
  priceUnitQuantity: number;
}

export interface ProductRow {
  id: string;
  productCode: string;
  name: string;
  brand: string | null;
  manufacturer: string | null;
  manufacturerPartNumber: string | null;
  features: string[];
  overview: Record<string, unknown>;
  images: unknown;
  taxonomies: unknown;
  book: Record<string, unknown> | null;
  starRating: number | null;
  reviewCount: number | null;
  categoryPath: string;
  unspsc: string | null;
  offers: OfferRow[];
}

/**
 * Product details' read, hand-tuned because it is the hot path of every procurement system's
 * product page: the product and all its offers in one statement by primary key (offers aggregated
 * as JSON), instead of a query per relation.
 */
@Injectable()
export class ProductRepository {
  constructor(private readonly prisma: PrismaService) {}

  async findWithOffers(id: string): Promise<ProductRow | undefined> {
    const { rows } = await this.prisma.pool.query<ProductRow>({
      name: 'product-details',
      text: `
        SELECT p.id, p.product_code AS "productCode", p.name, p.brand, p.manufacturer,
               p.manufacturer_part_number AS "manufacturerPartNumber", p.features, p.overview, p.images,
               p.taxonomies, p.book, p.star_rating AS "starRating", p.review_count AS "reviewCount",
               p.category_path AS "categoryPath", p.unspsc,
               coalesce((
                 SELECT json_agg(json_build_object(
                          'id', o.id, 'vendor', o.vendor, 'price', o.price::text, 'currency', o.currency,
                          'quantityTiers', o.quantity_tiers, 'quantityMin', o.quantity_min,
                          'quantityMax', o.quantity_max, 'condition', o.condition, 'fulfillment', o.fulfillment,
                          'deliveryDays', o.delivery_days, 'availability', o.availability,
                          'priceTaxLabel', o.price_tax_label, 'priceInfo', o.price_info, 'unit', o.unit,
                          'priceUnitQuantity', o.price_unit_quantity) ORDER BY o.id)
                   FROM offer o WHERE o.product_id = p.id), '[]'::json) AS offers
          FROM product p
         WHERE p.id = $1`,
      values: [id],
    });
    return rows[0];
  }
}
