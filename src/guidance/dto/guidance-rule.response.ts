import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GuidanceRule } from '../../generated/prisma/client';
import { GUIDANCE_EFFECTS, GUIDANCE_MATCHERS } from '../guidance-rule';

export class GuidanceRuleResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: [...GUIDANCE_EFFECTS] }) effect!: string;
  @ApiProperty({ enum: [...GUIDANCE_MATCHERS] }) matcher!: string;
  @ApiProperty() value!: string;
  @ApiPropertyOptional() currency?: string;
  @ApiPropertyOptional() note?: string;
  @ApiProperty({ description: 'E-mail of the admin (or cli:<operator>) who created it' }) createdBy!: string;
  @ApiProperty() createdAt!: string;
  @ApiPropertyOptional() disabledAt?: string;
  @ApiPropertyOptional() disabledBy?: string;

  static from(rule: GuidanceRule): GuidanceRuleResponse {
    return {
      id: rule.id,
      effect: rule.effect,
      matcher: rule.matcher,
      value: rule.value,
      currency: rule.currency ?? undefined,
      note: rule.note ?? undefined,
      createdBy: rule.createdBy,
      createdAt: rule.createdAt.toISOString(),
      disabledAt: rule.disabledAt?.toISOString(),
      disabledBy: rule.disabledBy ?? undefined,
    };
  }
}
