import type { SupplierItemClassification } from './supplier-item';

/**
 * A classification from a system name as files write it ("ECLASS-5.1", "eCl@ss 7.1", "ETIM-7.0",
 * "UNSPSC_V7.0", "udf_Supplier-1.0") and a code. The version is the system name's trailing number.
 * eCl@ss codes written with separators ("19-01-02-03") are stored as their eight digits, so that the
 * same class matches however a file spells it.
 */
export function classificationOf(system: string, code: string): SupplierItemClassification {
  const name = system.trim();
  const type = /^e-?cl[@a]ss/i.test(name)
    ? 'eclass'
    : /^etim/i.test(name)
      ? 'etim'
      : /^(un)?spsc/i.test(name)
        ? 'unspsc'
        : 'other';
  const trimmed = code.trim();
  const digits = trimmed.replace(/[-.\s]/g, '');
  return {
    type,
    system: name,
    code: type === 'eclass' && /^\d{8}$/.test(digits) ? digits : trimmed,
    version: /(\d+(?:\.\d+)*)\s*$/.exec(name)?.[1] ?? null,
  };
}
