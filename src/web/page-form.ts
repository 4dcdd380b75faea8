import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../common/http/api-error';
import { MalformedFormError, parseFormUrlencoded } from '../common/http/form-urlencoded';

/**
 * A page's posted form (the global form parser hands handlers the raw body): each field's first
 * value, or all of them for fields listed in `repeated`. A malformed body is a 400 invalid_request.
 */
export function readPageForm(raw: unknown, repeated: string[] = []): Record<string, string | string[]> {
  let fields: Map<string, string[]>;
  try {
    fields = parseFormUrlencoded(typeof raw === 'string' ? raw : '');
  } catch (error) {
    if (error instanceof MalformedFormError) {
      throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', error.message);
    }
    throw error;
  }
  const form: Record<string, string | string[]> = {};
  for (const [name, values] of fields) form[name] = repeated.includes(name) ? values : values[0];
  return form;
}
