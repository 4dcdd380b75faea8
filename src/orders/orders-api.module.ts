import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { OrderDeliverySender } from './delivery/order-delivery.sender';
import { OrderDeliveryWorker } from './order-delivery.worker';
import { OrdersController } from './orders.controller';
import { OrdersModule } from './orders.module';

/** The server's part of purchase orders: the API routes and the delivery worker. */
@Module({
  imports: [OrdersModule, AuditModule],
  controllers: [OrdersController],
  providers: [OrderDeliveryWorker, OrderDeliverySender],
  exports: [OrderDeliveryWorker],
})
export class OrdersApiModule {}
