import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { CXML_SETUP_ROUTE } from '../../cxml/cxml-body.parser';
import { CxmlStatusErrorArea } from '../../cxml/cxml-error.area';
import { PageAreas } from '../../web/page-areas';

/**
 * Errors at the cXML setup's URL (`/punchout/cxml`) answered as a cXML Status (cxml-error.area.ts in
 * src/cxml). The shop's page area, whose prefix this URL is under, answers the rest.
 */
@Injectable()
export class CxmlErrorArea extends CxmlStatusErrorArea {
  readonly prefix = CXML_SETUP_ROUTE;

  constructor(areas: PageAreas, clock: Clock, config: AppConfig) {
    super(areas, clock, config);
  }
}
