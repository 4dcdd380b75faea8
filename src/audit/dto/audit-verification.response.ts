import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class AuditChainHeadResponse {
  @ApiProperty({ description: 'Sequence of the last event (0 before the first)', example: 42 })
  sequence!: number;

  @ApiProperty({ description: 'Lower-case hex SHA-256 of the last event (64 zeros before the first)' })
  hash!: string;
}

export class AuditVerificationResponse {
  @ApiProperty({ description: 'Whether every event from 1 to the head verifies' })
  intact!: boolean;

  @ApiProperty({ description: 'Events read' })
  checked!: number;

  @ApiProperty({ type: AuditChainHeadResponse })
  head!: AuditChainHeadResponse;

  @ApiPropertyOptional({ description: 'The first event that does not verify' })
  firstBrokenSequence?: number;

  @ApiPropertyOptional({ description: 'What is wrong there, in words' })
  problem?: string;
}

export class AuditPublicKeyResponse {
  @ApiProperty({ example: 'Ed25519' })
  algorithm!: 'Ed25519';

  @ApiProperty({ description: 'First 16 hex characters of SHA-256 over the raw 32-byte public key' })
  keyId!: string;

  @ApiProperty({ description: 'The public key, PEM (SPKI)' })
  publicKeyPem!: string;
}
