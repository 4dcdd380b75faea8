import { Injectable } from '@nestjs/common';
import { RegisteredPageArea } from '../web/page-areas';

/** The test bench's pages (an address of a bench that is switched off answers the same 404 page). */
@Injectable()
export class TestBenchPageArea extends RegisteredPageArea {
  readonly prefix = '/test-bench';
  readonly styles = ['/assets/test-bench.css'];
}
