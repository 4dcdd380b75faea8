import { Module } from '@nestjs/common';
import { TransferredCartLinesService } from './core/transferred-cart-lines.service';

/**
 * The transferred cart lines, for the features that read them (purchase orders match and show
 * them): the read alone, without the punchout's routes, pages and schedulers, so a command-line
 * context that checks orders does not start the punchout.
 */
@Module({
  providers: [TransferredCartLinesService],
  exports: [TransferredCartLinesService],
})
export class PunchoutCartLinesModule {}
