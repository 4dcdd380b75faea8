import { Transform, TransformFnParams, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
  Validate,
} from 'class-validator';
import { AVAILABILITIES, CATALOG_ID_PATTERN, IMAGE_KINDS, OFFER_CONDITIONS } from '../catalog.constants';

/*
 * The import schema (docs/search.md "Catalog import") as class-validator DTOs. A record comes from
 * JSON Lines or from CSV, where every value is text: the transforms trim text, read "" as absent and
 * turn numeric and boolean text into numbers and booleans before the checks run.
 */

// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f]*$/;
const DECIMAL = /^\d{1,10}(\.\d{1,4})?$/;

/** Trimmed text; empty or blank is absent. */
function text({ value }: TransformFnParams): unknown {
  if (value === null || value === '') return undefined;
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A number, also written as text (CSV); anything else is left for the check to refuse. */
function numeric({ value }: TransformFnParams): unknown {
  if (value === null || value === '') return undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
}

function boolean({ value }: TransformFnParams): unknown {
  if (value === null || value === '') return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

/** An amount stays text for the DECIMAL column (no binary rounding); a JSON number is written out. */
function amount({ value }: TransformFnParams): unknown {
  if (value === null || value === '') return undefined;
  return typeof value === 'number' ? String(value) : value;
}

const required = { message: 'is required' };
const maxText = (max: number) => MaxLength(max, { message: `at most ${max} characters` });
const plainText = () => Matches(NO_CONTROL_CHARACTERS, { message: 'contains control characters' });
const aString = () => IsString({ message: 'must be a string' });
const between = (min: number, max: number) => [
  Min(min, { message: `must be between ${min} and ${max}` }),
  Max(max, { message: `must be between ${min} and ${max}` }),
];
const oneOf = (allowed: readonly string[]) =>
  IsIn(allowed as string[], { message: `one of ${allowed.join(', ')}` });

/** A Text field: optional unless `isRequired`, a string of at most `max` characters without control characters. */
function TextField(max: number, isRequired = false): PropertyDecorator {
  return (target, key) => {
    for (const decorator of [
      Transform(text),
      ...(isRequired ? [IsDefined(required)] : [IsOptional()]),
      aString(),
      maxText(max),
      plainText(),
    ])
      decorator(target, key);
  };
}

function NumberField(min: number, max: number, options: { integer?: boolean; required?: boolean } = {}) {
  return (target: object, key: string | symbol) => {
    for (const decorator of [
      Transform(numeric),
      ...(options.required ? [IsDefined(required)] : [IsOptional()]),
      IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'must be a number' }),
      ...(options.integer ? [IsInt({ message: 'must be a whole number' })] : []),
      ...between(min, max),
    ])
      decorator(target, key);
  };
}

function BooleanField(): PropertyDecorator {
  return (target, key) => {
    for (const decorator of [
      Transform(boolean),
      IsOptional(),
      IsBoolean({ message: 'must be true or false' }),
    ])
      decorator(target, key);
  };
}

function AmountField(): PropertyDecorator {
  return (target, key) => {
    for (const decorator of [
      Transform(amount),
      IsDefined(required),
      Matches(DECIMAL, { message: 'a non-negative amount with at most 4 decimals, e.g. 12.50' }),
    ])
      decorator(target, key);
  };
}

function ListOf(type: () => new () => object, maxItems: number): PropertyDecorator {
  return (target, key) => {
    for (const decorator of [
      IsOptional(),
      IsArray({ message: 'must be an array' }),
      ArrayMaxSize(maxItems, { message: `at most ${maxItems} items` }),
      ValidateNested({ message: 'must be an object' }),
      Type(type),
    ])
      decorator(target, key);
  };
}

/** `overview`: at most 50 keys up to 100 characters, scalar values (text up to 1000 characters). */
@ValidatorConstraint({ name: 'overview' })
class OverviewConstraint implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const entries = Object.entries(value);
    return (
      entries.length <= 50 &&
      entries.every(
        ([key, item]) =>
          key.length <= 100 &&
          (typeof item === 'number' ||
            typeof item === 'boolean' ||
            (typeof item === 'string' && item.length <= 1000)),
      )
    );
  }

  defaultMessage(_args: ValidationArguments): string {
    return 'an object of at most 50 keys (up to 100 characters) with string (up to 1000), number or boolean values';
  }
}

/** `features`: non-blank text items up to 500 characters. */
@ValidatorConstraint({ name: 'features' })
class FeaturesConstraint implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return (
      Array.isArray(value) &&
      value.every((item) => typeof item === 'string' && item.trim() !== '' && item.length <= 500)
    );
  }

  defaultMessage(): string {
    return 'non-blank text items up to 500 characters';
  }
}

export class QuantityTierRecord {
  @NumberField(0, 1e9, { required: true }) minQuantity!: number;
  @AmountField() price!: string;
}

export class TaxonomyRecord {
  @oneOf(['unspsc', 'eclass']) @IsDefined(required) @Transform(text) type!: 'unspsc' | 'eclass';
  @TextField(20, true) code!: string;
  @TextField(20) version?: string;
  @TextField(200) displayName?: string;
}

export class ImageRecord {
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'an absolute http(s) URL' })
  @TextField(2048, true)
  url!: string;

  @NumberField(1, 10_000, { integer: true }) width?: number;
  @NumberField(1, 10_000, { integer: true }) height?: number;
  @TextField(300) altText?: string;
  @oneOf(Object.keys(IMAGE_KINDS)) @IsOptional() @Transform(text) kind?: string;
}

export class BookRecord {
  @TextField(10)
  @IsOptional()
  @Matches(/^\d{9}[\dX]$/, { message: '9 digits and a check digit or X' })
  isbn10?: string;
  @TextField(13)
  @IsOptional()
  @Matches(/^97[89]\d{10}$/, { message: '13 digits starting 978 or 979' })
  isbn13?: string;
  @IsISO8601({ strict: true }, { message: 'a date YYYY-MM-DD' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'a date YYYY-MM-DD' })
  @TextField(10)
  publicationDate?: string;

  @TextField(35) publishedLanguage?: string;
}

export class OfferRecord {
  @TextField(64)
  @IsOptional()
  @Matches(CATALOG_ID_PATTERN, { message: 'must be a catalog id' })
  id?: string;
  @TextField(200, true) vendor!: string;
  @TextField(100) vendorSku?: string;
  @AmountField() price!: string;
  @TextField(3, true)
  @Matches(/^[A-Z]{3}$/, { message: 'three upper-case letters (ISO 4217)' })
  currency!: string;
  @ListOf(() => QuantityTierRecord, 20) quantityTiers?: QuantityTierRecord[];
  @NumberField(1, 1_000_000_000, { integer: true }) quantityMin?: number;
  @NumberField(1, 1_000_000_000, { integer: true }) quantityMax?: number;
  @oneOf(OFFER_CONDITIONS) @IsOptional() @Transform(text) condition?: (typeof OFFER_CONDITIONS)[number];
  @TextField(200) fulfillment?: string;
  @NumberField(0, 365, { integer: true }) deliveryDays?: number;
  @oneOf(AVAILABILITIES) @IsOptional() @Transform(text) availability?: (typeof AVAILABILITIES)[number];
  @BooleanField() isPrime?: boolean;
  @TextField(100) priceTaxLabel?: string;
  @TextField(500) priceInfo?: string;
  @TextField(3)
  @IsOptional()
  @Matches(/^[A-Z0-9]{1,3}$/, { message: '1-3 upper-case letters or digits (UN/ECE Rec. 20)' })
  unit?: string;
  @NumberField(1, 1_000_000, { integer: true }) priceUnitQuantity?: number;
}

export class ProductRecord {
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}$/, { message: 'letters, digits and ._:/- only' })
  @TextField(64, true)
  productCode!: string;

  @TextField(64)
  @IsOptional()
  @Matches(CATALOG_ID_PATTERN, { message: 'must be a catalog id' })
  id?: string;
  @TextField(500, true) name!: string;
  @TextField(200) brand?: string;
  @TextField(200) manufacturer?: string;
  @TextField(100) manufacturerPartNumber?: string;
  @TextField(20_000) description?: string;

  @Validate(FeaturesConstraint)
  @ArrayMaxSize(50, { message: 'at most 50 items' })
  @IsArray({ message: 'must be an array' })
  @IsOptional()
  features?: string[];

  @IsOptional() @Validate(OverviewConstraint) overview?: Record<string, string | number | boolean>;
  @ListOf(() => ImageRecord, 20) images?: ImageRecord[];
  @ListOf(() => TaxonomyRecord, 10) taxonomies?: TaxonomyRecord[];
  @IsOptional() @ValidateNested({ message: 'must be an object' }) @Type(() => BookRecord) book?: BookRecord;
  @NumberField(0, 5) starRating?: number;
  @NumberField(0, 100_000_000, { integer: true }) reviewCount?: number;
  @TextField(64, true) category!: string;
  @BooleanField() cpfEligible?: boolean;

  // Checked bottom-up (stopAtFirstError reports the first failing one).
  @Type(() => OfferRecord)
  @ValidateNested({ message: 'must be an object' })
  @ArrayMaxSize(50, { message: 'at most 50 items' })
  @ArrayMinSize(1, { message: 'at least one offer is required' })
  @IsArray({ message: 'must be an array' })
  @IsDefined({ message: 'at least one offer is required' })
  offers!: OfferRecord[];
}
