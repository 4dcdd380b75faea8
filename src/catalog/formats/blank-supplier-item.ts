import type { SupplierItem } from './supplier-item';

/**
 * An item with nothing but its identity: what readers fill in, and all a `delete` item carries
 * (`prices` items fill in their prices; their ordering is a placeholder, as the type says).
 */
export function blankSupplierItem(
  action: SupplierItem['action'],
  line: number,
  supplierPartId: string,
): SupplierItem {
  return {
    action,
    line,
    supplierPartId,
    supplierPartAuxiliaryId: null,
    gtin: null,
    manufacturerName: null,
    manufacturerPartId: null,
    manufacturerTypeDescription: null,
    name: {},
    description: {},
    keywords: [],
    classifications: [],
    features: [],
    prices: [],
    ordering: {
      orderUnit: '',
      contentUnit: null,
      contentPerOrderUnit: null,
      priceQuantity: '1',
      quantityMin: null,
      quantityInterval: null,
    },
    media: [],
    deliveryDays: null,
    statuses: [],
    specialTreatment: [],
    punchoutOnly: false,
  };
}
