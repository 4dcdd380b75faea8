import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { PunchoutApiController } from './punchout-api.controller';
import { PunchoutSessionsService } from './punchout-sessions.service';

/** OCI punchout: the API call, the buyer's pages, the cart and its transfer to the HOOK_URL. */
@Module({
  imports: [AuditModule],
  controllers: [PunchoutApiController],
  providers: [PunchoutSessionsService],
})
export class PunchoutModule {}
