/**
 * The tests' own decimal arithmetic for money (never the gateway's functions): a decimal text as a
 * BigInt of 10^-scale units, quotients rounded half away from zero, and back to text.
 */

/** "38.0252" at scale 4 is 380252n; more decimals than `scale` are cut (callers choose a large enough scale). */
export function scaledUnits(text: string, scale: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  return BigInt(match[1] + (match[2] ?? '').padEnd(scale, '0').slice(0, scale));
}

/** numerator / denominator, rounded half away from zero (both not negative). */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** Units of 10^-scale as decimal text with exactly `scale` decimals. */
export function unitsText(units: bigint, scale: number): string {
  if (scale === 0) return units.toString();
  const digits = units.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}
