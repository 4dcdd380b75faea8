import { Injectable } from '@nestjs/common';
import { RegisteredPageArea } from '../web/page-areas';

/** The front door: `/` itself (any other unknown address is the API's JSON 404). */
@Injectable()
export class HomePageArea extends RegisteredPageArea {
  readonly prefix = '/';
}
