import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { CXML_ORDERS_ROUTE } from '../../cxml/cxml-body.parser';
import { CxmlStatusErrorArea } from '../../cxml/cxml-error.area';
import { PageAreas } from '../../web/page-areas';

/** Errors at `/cxml/orders` around its handler answered as a cXML Status (src/cxml/cxml-error.area.ts). */
@Injectable()
export class CxmlOrdersErrorArea extends CxmlStatusErrorArea {
  readonly prefix = CXML_ORDERS_ROUTE;

  constructor(areas: PageAreas, clock: Clock, config: AppConfig) {
    super(areas, clock, config);
  }
}
