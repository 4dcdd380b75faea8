import { z } from 'zod';
import { InputSchema } from '../../../common/validation/input-schema';
import { isWellFormedText } from '../../../common/validation/well-formed-text';
import { CALLBACK_URL_MAX_LENGTH } from '../../core/callback-url';
import { notWellFormed, quoted, shipToSchema } from '../../core/ship-to';

export const NAME_MAX_LENGTH = 200;

// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The body of POST /api/v1/marketplace/product/{id}/punchout (spec 2.4), defined once: its type, its
 * rules (every 400 names the field at fault: "shipTo.countryCode must be ...") and its OpenAPI
 * description. The callbackUrl's syntax and origin are checked by the entry (checkCallbackUrl).
 */
const punchoutRequest = z.strictObject(
  {
    callbackUrl: z
      .string({
        error: (issue) =>
          issue.input === undefined ? 'callbackUrl is required' : 'callbackUrl must be a string',
      })
      .refine(isWellFormedText, notWellFormed('callbackUrl'))
      .meta({
        description:
          "The OCI HOOK_URL: absolute http(s), no user info, no fragment, within the client's allowed callback origins when it has any. Its query (including ~TARGET) is kept and the cart is posted to it exactly as given.",
        // Checked with the URL's other rules (checkCallbackUrl), which name it in their message.
        maxLength: CALLBACK_URL_MAX_LENGTH,
        example: 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?~OkCode=ADDI&~TARGET=_top&~CALLER=CTLG',
      }),
    name: z
      .string({ error: 'name must be a string' })
      .refine(isWellFormedText, notWellFormed('name'))
      .refine((value) => value.trim().length > 0, 'name must not be blank')
      .min(1, 'name must not be blank')
      .max(NAME_MAX_LENGTH, `name is longer than ${NAME_MAX_LENGTH} characters`)
      .refine((value) => !CONTROL.test(value), 'name must not contain control characters')
      .meta({ description: 'Full name of the requester.' })
      .optional(),
    shipTo: shipToSchema.meta({ id: 'PunchoutAddressDto' }).optional(),
  },
  {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys')
        return `${quoted(issue.keys[0] ?? '')} is not a field of a punchout request`;
      return issue.input === undefined || issue.input === null
        ? 'the body must be a JSON object with callbackUrl'
        : 'the body must be a JSON object';
    },
  },
);

export class PunchoutRequestDto extends InputSchema(punchoutRequest) {}
