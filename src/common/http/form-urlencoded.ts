/** Every value of every field, in order: repeated fields stay visible. */
export type FormFields = Map<string, string[]>;

/** A body that is not valid application/x-www-form-urlencoded; each caller answers it in its own shape. */
export class MalformedFormError extends Error {
  constructor() {
    super(
      'The form body is not valid application/x-www-form-urlencoded: a percent-escape is malformed ' +
        'or does not decode to UTF-8 (encode "%" as %25, "+" as %2B).',
    );
    this.name = 'MalformedFormError';
  }
}

/**
 * Parses an `application/x-www-form-urlencoded` body as the WHATWG URL standard encodes it
 * (`+` is a space, `%2B` a plus, `%xx` are UTF-8 bytes), keeping repeated fields.
 *
 * Deliberately not `new URLSearchParams(raw)`, which decodes the same way but silently turns a
 * broken escape (`%zz`) or bytes that are not UTF-8 into other characters and drops a leading `?`:
 * for an e-mail that would mean naming someone else. Here those throw MalformedFormError.
 */
export function parseFormUrlencoded(raw: string): FormFields {
  const fields: FormFields = new Map();
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const separator = pair.indexOf('=');
    const name = decodeComponent(separator === -1 ? pair : pair.slice(0, separator));
    const value = separator === -1 ? '' : decodeComponent(pair.slice(separator + 1));
    const values = fields.get(name);
    if (values) values.push(value);
    else fields.set(name, [value]);
  }
  return fields;
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new MalformedFormError();
  }
}
