import {
  FormFields,
  MalformedFormError,
  parseFormUrlencoded as parseForm,
} from '../common/http/form-urlencoded';
import { invalidRequest } from './oauth-protocol.error';

/** Every value of every field, in order: repeated fields stay visible (RFC 6749 3.2 forbids them). */
export type { FormFields };

/** The strict form parser (src/common/http), its refusal answered as an OAuth invalid_request. */
export function parseFormUrlencoded(raw: string): FormFields {
  try {
    return parseForm(raw);
  } catch (error) {
    if (error instanceof MalformedFormError) throw invalidRequest(error.message);
    throw error;
  }
}

/**
 * The one value of a field, or undefined when absent or empty (RFC 6749 3.1: "parameters sent
 * without a value MUST be treated as if they were omitted"). Repeated -> invalid_request.
 */
export function singleField(fields: FormFields, name: string): string | undefined {
  const values = fields.get(name);
  if (!values) return undefined;
  if (values.length > 1) throw invalidRequest(`The parameter ${name} is repeated; send it once.`);
  return values[0] === '' ? undefined : values[0];
}
