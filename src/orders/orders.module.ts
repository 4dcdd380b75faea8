import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { GuidanceModule } from '../guidance/guidance.module';
import { ProductModule } from '../product/product.module';
import { OrderDeliverySender } from './delivery/order-delivery.sender';
import { OrderDeliveryWorker } from './order-delivery.worker';
import { OrderEndpointsService } from './order-endpoints.service';
import { OrderIntakeService } from './order-intake.service';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { TransferredCartLinesReader } from './transferred-cart-lines.reader';

/** Purchase orders: intake (JSON; cXML), checks against the cart, delivery to suppliers, compliance reads. */
@Module({
  imports: [AuditModule, GuidanceModule, ProductModule],
  controllers: [OrdersController],
  providers: [
    OrderIntakeService,
    OrdersService,
    OrderEndpointsService,
    OrderDeliveryWorker,
    OrderDeliverySender,
    TransferredCartLinesReader,
  ],
  exports: [OrderIntakeService, OrdersService, OrderEndpointsService, OrderDeliveryWorker],
})
export class OrdersModule {}
