import { ProductSpec } from './catalog.factory';
import { bearer } from '../support/auth';
import { Json } from '../support/http';

/** A small catalog for punchout tests: a product with tiered offers, one with a blocked vendor. */
export const PUNCHOUT_CATALOG: ProductSpec[] = [
  {
    id: 'pen-1',
    name: 'Ballpoint pen, blue, box of 10, with an extra long name that goes beyond forty characters',
    categoryId: 'filing',
    manufacturer: 'Schneider',
    manufacturerPartNumber: 'SN-K15',
    unspsc: '44121704',
    taxonomies: [{ type: 'unspsc', code: '44121704', version: 'UNv260801', displayName: 'Ballpoint pens' }],
    features: ['Blue ink', 'Refillable'],
    offers: [
      {
        id: 'pen-1-a',
        vendor: 'Office World',
        vendorSku: 'OW-PEN-10',
        price: '4.5000',
        quantityTiers: [
          { minQuantity: 10, price: 4.0 },
          { minQuantity: 50, price: 3.5 },
        ],
        quantityMin: 1,
        quantityMax: 100,
        deliveryDays: 2,
      },
      { id: 'pen-1-b', vendor: 'Blocked Supplies', price: '3.0000', deliveryDays: 5 },
    ],
  },
  {
    id: 'paper-1',
    name: 'Copy paper A4, 80 g, 500 sheets',
    categoryId: 'filing',
    offers: [{ id: 'paper-1-a', vendor: 'Paper Palace', price: '5.9900', unit: 'RM', deliveryDays: 1 }],
  },
];

export interface StartedPunchout {
  status: number;
  body: Json;
  location: string | null;
}

/** Calls the punchout API as a procurement system does. */
export async function startPunchout(
  baseUrl: string,
  token: string,
  productId: string,
  body: unknown,
): Promise<StartedPunchout> {
  const response = await fetch(`${baseUrl}/api/v1/marketplace/product/${productId}/punchout`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json', accept: 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Json,
    location: response.headers.get('location'),
  };
}

/** The redirectUrl on the test app's own address (PUBLIC_URL is http://gateway.test in tests). */
export function onTestApp(redirectUrl: string, baseUrl: string): string {
  const url = new URL(redirectUrl);
  return `${baseUrl}${url.pathname}${url.search}`;
}
