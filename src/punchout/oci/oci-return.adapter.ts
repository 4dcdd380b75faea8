import { Injectable } from '@nestjs/common';
import { PunchoutProtocols } from '../../common/punchout-protocol';
import { AppConfig } from '../../config/app-config';
import type { PageLanguage } from '../../web/language';
import type { CartLine, PunchoutReturn } from '../core/cart-line';
import type { CancelReturn, PunchoutAdapter } from '../core/punchout-adapter';
import { buildOciFields } from './oci-fields';

/**
 * The OCI return: the cart as `NEW_ITEM-*` form fields posted to the HOOK_URL. It serves the
 * sessions of the REST entry (its callbackUrl is an OCI HOOK_URL) and of SAP's OCI call-up. An empty
 * cart is no fields at all, as OCI expects on cancel, expiry and failure.
 */
@Injectable()
export class OciReturnAdapter implements PunchoutAdapter {
  readonly id = 'oci';
  readonly protocols = [PunchoutProtocols.rest, PunchoutProtocols.ociCallup];
  readonly cancelReturns: CancelReturn = 'empty-cart';
  /** OCI_DEFAULT_UNIT (PCE unless configured). */
  readonly defaultUnit: string;

  constructor(config: AppConfig) {
    this.defaultUnit = config.punchout.defaultUnit;
  }

  /** The long texts are labelled in the page's language (the buyer reads them in the procurement system). */
  cartReturn(_session: unknown, lines: readonly CartLine[], language: PageLanguage): Promise<PunchoutReturn> {
    return Promise.resolve({
      fields: buildOciFields(lines, { defaultUnit: this.defaultUnit, language }),
      record: {},
    });
  }

  emptyReturn(): Promise<PunchoutReturn> {
    return Promise.resolve({ fields: [], record: {} });
  }
}
