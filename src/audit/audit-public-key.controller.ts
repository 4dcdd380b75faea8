import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { AuditSigningKey } from './audit-signing-key';
import { AuditPublicKeyResponse } from './dto/audit-verification.response';

/** The key that checks checkpoints, for anyone (public: no token, no rate limit, no database). */
@ApiTags('audit')
@Public()
@Controller('api/v1/audit')
export class AuditPublicKeyController {
  constructor(private readonly key: AuditSigningKey) {}

  @Get('public-key')
  @ApiOperation({
    summary: 'The Ed25519 public key that signs audit checkpoints',
    description: 'Public: anyone holding a checkpoint (e.g. from the logs) can check its signature.',
  })
  @ApiOkResponse({ type: AuditPublicKeyResponse })
  publicKey(): AuditPublicKeyResponse {
    return { algorithm: 'Ed25519', keyId: this.key.keyId, publicKeyPem: this.key.publicKeyPem };
  }
}
