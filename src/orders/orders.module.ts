import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { GuidanceModule } from '../guidance/guidance.module';
import { ProductModule } from '../product/product.module';
import { PunchoutCartLinesModule } from '../punchout/punchout-cart-lines.module';
import { OrderDeliveryTrigger } from './order-delivery.trigger';
import { OrderEndpointsService } from './order-endpoints.service';
import { OrderIntakeService } from './order-intake.service';
import { OrdersService } from './orders.service';

/**
 * Purchase orders: intake, the checks against the cart, the compliance reads and the operator's
 * delivery settings. The routes and the delivery worker are OrdersApiModule's (the server's only).
 */
@Module({
  imports: [AuditModule, GuidanceModule, ProductModule, PunchoutCartLinesModule],
  providers: [OrderIntakeService, OrdersService, OrderEndpointsService, OrderDeliveryTrigger],
  exports: [OrderIntakeService, OrdersService, OrderEndpointsService, OrderDeliveryTrigger],
})
export class OrdersModule {}
