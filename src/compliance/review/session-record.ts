/**
 * Pure helpers that turn stored punchout data into what reviewers read: the outcome of a session and
 * the OCI fields that were posted back, grouped into cart lines (cart totals: cart-figures.ts).
 * No Nest or Prisma imports, so they are unit-tested without a database.
 */
import { PunchoutProtocols } from '../../common/punchout-protocol';

/** The entries a session can start through, as the review filters them. */
export const PUNCHOUT_PROTOCOLS: string[] = Object.values(PunchoutProtocols);

export type PunchoutStatusName = 'CREATED' | 'OPENED' | 'TRANSFERRED' | 'CANCELLED' | 'EXPIRED' | 'FAILED';
export const PUNCHOUT_STATUSES: PunchoutStatusName[] = [
  'CREATED',
  'OPENED',
  'TRANSFERRED',
  'CANCELLED',
  'EXPIRED',
  'FAILED',
];

/** How a session ended, as reviewers group them; `open` while the buyer may still act. */
export type SessionOutcome = 'open' | 'transferred' | 'cancelled' | 'expired' | 'failed';
export const SESSION_OUTCOMES: SessionOutcome[] = ['transferred', 'cancelled', 'expired', 'failed', 'open'];

export function outcomeOf(status: PunchoutStatusName): SessionOutcome {
  switch (status) {
    case 'TRANSFERRED':
      return 'transferred';
    case 'CANCELLED':
      return 'cancelled';
    case 'EXPIRED':
      return 'expired';
    case 'FAILED':
      return 'failed';
    default:
      return 'open';
  }
}

export type OciField = [name: string, value: string];

/**
 * The posted OCI fields as ordered [name, value] pairs, whatever shape they were stored in: an array
 * of pairs (the exact order posted), an array of {name, value} objects, or an object of name to value
 * (a value may be a list for repeated names). Anything else yields no fields rather than an error:
 * the review must render whatever the record holds.
 */
export function normalizeOciFields(stored: unknown): OciField[] {
  if (stored === null || stored === undefined) return [];
  if (Array.isArray(stored)) {
    const fields: OciField[] = [];
    for (const entry of stored) {
      if (Array.isArray(entry) && entry.length >= 2 && typeof entry[0] === 'string') {
        fields.push([entry[0], text(entry[1])]);
      } else if (isRecord(entry) && typeof entry.name === 'string') {
        fields.push([entry.name, text(entry.value)]);
      }
    }
    return fields;
  }
  if (isRecord(stored)) {
    if ('fields' in stored) return normalizeOciFields(stored.fields);
    const fields: OciField[] = [];
    for (const [name, value] of Object.entries(stored)) {
      if (Array.isArray(value)) for (const item of value) fields.push([name, text(item)]);
      else fields.push([name, text(value)]);
    }
    return fields;
  }
  return [];
}

export interface OciCartLine {
  /** The OCI line number n of NEW_ITEM-*[n]. */
  line: number;
  /** Field name without prefix and index (DESCRIPTION, QUANTITY, PRICE, ...) to value. */
  values: Record<string, string>;
  /** NEW_ITEM-LONGTEXT_n:132[] parts, joined in order. */
  longText?: string;
}

export interface OciCart {
  lines: OciCartLine[];
  /** Fields that are not NEW_ITEM-* line fields (e.g. ~OkCode, ~TARGET), in posted order. */
  other: OciField[];
}

const LINE_FIELD = /^NEW_ITEM-([A-Z0-9_]+)\[(\d+)\]$/;
const LONG_TEXT = /^NEW_ITEM-LONGTEXT_(\d+):132\[\]$/;

/** Groups NEW_ITEM-*[n] fields into cart lines ordered by n; an empty cart has no lines. */
export function ociCartOf(fields: OciField[]): OciCart {
  const lines = new Map<number, OciCartLine>();
  const other: OciField[] = [];
  const lineFor = (n: number) => {
    let line = lines.get(n);
    if (!line) lines.set(n, (line = { line: n, values: {} }));
    return line;
  };
  for (const [name, value] of fields) {
    const field = LINE_FIELD.exec(name);
    const long = LONG_TEXT.exec(name);
    if (field) {
      lineFor(Number(field[2])).values[field[1]] = value;
    } else if (long) {
      const line = lineFor(Number(long[1]));
      line.longText = line.longText === undefined ? value : `${line.longText}${value}`;
    } else {
      other.push([name, value]);
    }
  }
  return { lines: [...lines.values()].sort((a, b) => a.line - b.line), other };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
