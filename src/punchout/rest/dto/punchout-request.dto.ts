import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ADDRESS_FIELD_LIMITS, NAME_MAX_LENGTH } from '../punchout-request.parser';
import { CALLBACK_URL_MAX_LENGTH } from '../../core/callback-url';

/** Ship-to address (spec 2.4, the cXML Address fields): documentation of the parsed shape. */
export class PunchoutAddressDto {
  @ApiPropertyOptional({ maxLength: ADDRESS_FIELD_LIMITS.addressId })
  addressId?: string;
  @ApiPropertyOptional({ maxLength: ADDRESS_FIELD_LIMITS.addressIdDomain })
  addressIdDomain?: string;
  @ApiPropertyOptional({ maxLength: ADDRESS_FIELD_LIMITS.street })
  street?: string;
  @ApiPropertyOptional({ maxLength: ADDRESS_FIELD_LIMITS.cityCode })
  cityCode?: string;
  @ApiPropertyOptional({ maxLength: ADDRESS_FIELD_LIMITS.city })
  city?: string;
  @ApiPropertyOptional({ maxLength: ADDRESS_FIELD_LIMITS.stateCode })
  stateCode?: string;
  @ApiPropertyOptional({ maxLength: ADDRESS_FIELD_LIMITS.state })
  state?: string;
  @ApiPropertyOptional({ maxLength: ADDRESS_FIELD_LIMITS.postalCode })
  postalCode?: string;
  @ApiPropertyOptional({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2', example: 'DE' })
  countryCode?: string;
  @ApiPropertyOptional({ maxLength: ADDRESS_FIELD_LIMITS.country })
  country?: string;
}

/**
 * Body of POST /api/v1/marketplace/product/{id}/punchout (spec 2.4). The body is validated by
 * parsePunchoutRequest (exact messages naming the field); this class only documents it.
 */
export class PunchoutRequestDto {
  @ApiProperty({
    description:
      "The OCI HOOK_URL: absolute http(s), no user info, no fragment, within the client's allowed callback origins when it has any. Its query (including ~TARGET) is kept and the cart is posted to it exactly as given.",
    maxLength: CALLBACK_URL_MAX_LENGTH,
    example: 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?~OkCode=ADDI&~TARGET=_top&~CALLER=CTLG',
  })
  callbackUrl!: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: NAME_MAX_LENGTH,
    description: 'Full name of the requester.',
  })
  name?: string;

  @ApiPropertyOptional({ type: PunchoutAddressDto })
  shipTo?: PunchoutAddressDto;
}
