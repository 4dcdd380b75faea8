import { buildMessage, ValidateBy, ValidationOptions } from 'class-validator';

/**
 * PostgreSQL's timestamptz runs from 4713 BC to 294276 AD and has no year 0; JavaScript's Date runs
 * further both ways. A Date outside what the database stores (year 0, -271821, 275760) makes the query
 * fail with 22008, a 500. Instants a client hands in (filters, cursors) are checked against the range
 * our data can have: years 1 to 9999 in UTC, which is also all a four-digit ISO 8601 year can say.
 */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** True for a valid Date that PostgreSQL stores as is. */
export function isStorableInstant(date: Date): boolean {
  const time = date.getTime();
  return !Number.isNaN(time) && time >= FIRST_INSTANT && time <= LAST_INSTANT;
}

/** A date or date-time string (already checked as ISO 8601) whose instant PostgreSQL stores. */
export function IsStorableInstant(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isStorableInstant',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isStorableInstant(new Date(value)),
        defaultMessage: buildMessage(
          (prefix) => `${prefix}$property must be between the years 0001 and 9999 (UTC)`,
        ),
      },
    },
    options,
  );
}
