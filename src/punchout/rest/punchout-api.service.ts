import { HttpStatus, Injectable } from '@nestjs/common';
import { Principal } from '../../auth/principal';
import { ApiError } from '../../common/http/api-error';
import { PunchoutProtocols } from '../../common/punchout-protocol';
import { ClientsService } from '../../oauth/clients.service';
import { checkCallbackUrl } from '../core/callback-url';
import { PunchoutSessionsService } from '../core/punchout-sessions.service';
import { PunchoutResponseDto } from './dto/punchout-response.dto';
import { PunchoutRequestDto } from './dto/punchout-request.dto';

/**
 * The REST entry into the punchout core (`POST /api/v1/marketplace/product/{id}/punchout`): the
 * caller is the bearer token's principal; the session starts with a one-time start link, and its
 * cart goes back as OCI fields to the callbackUrl (the OCI return adapter).
 */
@Injectable()
export class PunchoutApiService {
  constructor(
    private readonly sessions: PunchoutSessionsService,
    private readonly clients: ClientsService,
  ) {}

  async start(
    principal: Principal,
    productId: string,
    request: PunchoutRequestDto,
  ): Promise<PunchoutResponseDto> {
    // The syntax of the callbackUrl first; its origin and the product are checked by the insert itself
    // (one statement on the path every punchout takes; the cold refusal path explains afterwards).
    const callback = checkCallbackUrl(request.callbackUrl, []);
    if (!callback.ok) throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', callback.message);

    const started = await this.sessions.start({
      organizationId: principal.organizationId,
      userId: principal.userId,
      clientId: principal.clientId,
      productId,
      callback: { url: callback.url, target: callback.target },
      protocol: PunchoutProtocols.rest,
      name: request.name ?? null,
      shipTo: request.shipTo ?? null,
      readOnly: false,
      details: {},
      opening: { kind: 'start-link' },
      conditions: { productExists: true, callbackOrigin: callback.origin },
    });
    if (!started) return this.refusal(principal, productId, request.callbackUrl);
    return { redirectUrl: started.startUrl };
  }

  /** Why the insert refused: the origin (400, checked first, as the API documents) or the product (404). */
  private async refusal(principal: Principal, productId: string, callbackUrl: string): Promise<never> {
    const callback = checkCallbackUrl(callbackUrl, await this.clients.callbackOriginsOf(principal.clientId));
    if (!callback.ok) throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', callback.message);
    throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No product ${productId}.`);
  }
}
