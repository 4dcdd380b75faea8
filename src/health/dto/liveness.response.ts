import { ApiProperty } from '@nestjs/swagger';

/** GET /healthz: the process is up. */
export class LivenessResponse {
  @ApiProperty({ enum: ['ok'] }) status!: 'ok';
}
