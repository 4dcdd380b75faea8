import { HttpStatus, Injectable, PipeTransform } from '@nestjs/common';
import { ApiError } from '../common/http/api-error';
import { CATALOG_ID_PATTERN } from './catalog.constants';

/** A product id path parameter: malformed or too long -> 400 invalid_request before any query. */
@Injectable()
export class CatalogIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (typeof value !== 'string' || !CATALOG_ID_PATTERN.test(value)) {
      throw new ApiError(
        HttpStatus.BAD_REQUEST,
        'invalid_request',
        'id must be a product id: 1-64 letters, digits, "-" or "_", starting with a letter or digit',
      );
    }
    return value;
  }
}
