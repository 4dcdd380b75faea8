import { Injectable } from '@nestjs/common';

/**
 * "Deliver now": what the intake and the operator actions call after queueing a delivery. In the
 * server the delivery worker listens (OrdersApiModule); in a CLI command nothing does, and the
 * servers' periodic runs deliver instead.
 */
@Injectable()
export class OrderDeliveryTrigger {
  private listener: (() => void) | undefined;

  listen(listener: () => void): void {
    this.listener = listener;
  }

  kick(): void {
    this.listener?.();
  }
}
