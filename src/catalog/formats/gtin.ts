/**
 * A GTIN as catalogs write it (BMEcat INTERNATIONAL_PID type="gtin" or EAN): digits only, 8, 12, 13
 * or 14 of them, with a correct check digit. Spaces and hyphens are dropped. Anything else is a
 * problem the reader reports as a warning (and drops the GTIN): products are joined across suppliers
 * by GTIN, so a wrong one would merge different articles.
 */
export function gtinOf(raw: string): { gtin: string } | { problem: string } {
  const digits = raw.trim().replace(/[\s-]/g, '');
  if (!/^(\d{8}|\d{12,14})$/.test(digits))
    return { problem: `"${raw.trim()}" is not a GTIN (8, 12, 13 or 14 digits)` };
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight)
    sum += Number(digits[i]) * weight;
  if ((10 - (sum % 10)) % 10 !== Number(digits[digits.length - 1]))
    return { problem: `GTIN ${digits} has a wrong check digit` };
  return { gtin: digits };
}
