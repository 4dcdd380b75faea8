import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Length, Matches, ValidateIf } from 'class-validator';
import { IsWellFormedText } from '../../common/validation/well-formed-text';
import {
  GUIDANCE_EFFECTS,
  GUIDANCE_MATCHERS,
  type GuidanceEffectName,
  type GuidanceMatcherName,
} from '../guidance-rule';

/** What `value` must look like for each matcher. */
export const VALUE_RULES: Record<GuidanceMatcherName, { pattern: RegExp; explains: string }> = {
  vendor: { pattern: /^\S(.{0,198}\S)?$/s, explains: 'a vendor name (1-200 characters)' },
  brand: { pattern: /^\S(.{0,198}\S)?$/s, explains: 'a brand name (1-200 characters)' },
  product: { pattern: /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, explains: 'a product id' },
  product_code: { pattern: /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, explains: 'a product code' },
  category: { pattern: /^[a-z0-9][a-z0-9-]{0,63}$/, explains: 'a category id (its subtree is included)' },
  unspsc_prefix: { pattern: /^\d{2,8}$/, explains: '2 to 8 digits of a UNSPSC code' },
  condition: {
    pattern: /^(new|used|collectible|refurbished)$/,
    explains: 'new, used, collectible or refurbished',
  },
  price_above: { pattern: /^\d{1,10}(\.\d{1,4})?$/, explains: 'a unit price such as 250 or 99.95' },
};

// PostgreSQL text cannot hold NUL (U+0000): refused here with the field's name rather than by the database.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const WITHOUT_NUL = /^[^\u0000]*$/;
const withoutNul = () =>
  Matches(WITHOUT_NUL, { message: '$property must not contain NUL (U+0000) characters' });

export class CreateGuidanceRuleDto {
  @ApiProperty({ enum: [...GUIDANCE_EFFECTS] })
  @IsIn(GUIDANCE_EFFECTS, { message: 'effect must be preferred or blocked' })
  effect!: GuidanceEffectName;

  @ApiProperty({ enum: [...GUIDANCE_MATCHERS], description: 'What the rule compares `value` with.' })
  @IsIn(GUIDANCE_MATCHERS, { message: `matcher must be one of ${GUIDANCE_MATCHERS.join(', ')}` })
  matcher!: GuidanceMatcherName;

  @ApiProperty({ example: 'Office World', description: 'Per matcher: see the README.' })
  @IsString()
  @Length(1, 200)
  @withoutNul()
  @IsWellFormedText()
  value!: string;

  @ApiPropertyOptional({ example: 'EUR', description: 'Required for price_above, not allowed otherwise.' })
  @ValidateIf((rule: CreateGuidanceRuleDto) => rule.matcher === 'price_above' || rule.currency !== undefined)
  @Matches(/^[A-Z]{3}$/, {
    message: 'currency must be an ISO 4217 code such as EUR (required for price_above)',
  })
  @IsWellFormedText()
  currency?: string;

  @ApiPropertyOptional({ example: 'Framework contract 2026-114' })
  @IsOptional()
  @IsString()
  @Length(1, 500)
  @withoutNul()
  @IsWellFormedText()
  note?: string;
}

/** Checks that only DTO decorators cannot express: value per matcher, currency only with prices. */
export function guidanceRuleProblems(rule: CreateGuidanceRuleDto): string[] {
  const problems: string[] = [];
  const expected = VALUE_RULES[rule.matcher];
  if (expected && !expected.pattern.test(rule.value)) {
    problems.push(`value for matcher ${rule.matcher} must be ${expected.explains}`);
  }
  if (rule.currency !== undefined && rule.matcher !== 'price_above') {
    problems.push('currency applies only to matcher price_above');
  }
  return problems;
}
