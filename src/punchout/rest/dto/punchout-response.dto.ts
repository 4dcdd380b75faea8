import { ApiProperty } from '@nestjs/swagger';

/** 201 body of POST .../punchout (spec 2.4). */
export class PunchoutResponseDto {
  @ApiProperty({
    description:
      'Absolute URL at which the punchout starts, on PUBLIC_URL. It carries a one-time start token and must be opened within PUNCHOUT_START_TTL_SECONDS.',
    example: 'https://gateway.example.com/punchout/start/pst_...',
  })
  redirectUrl!: string;
}
