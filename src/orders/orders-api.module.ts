import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { PunchoutModule } from '../punchout/punchout.module';
import { CxmlOrdersErrorArea } from './cxml/cxml-orders-error.area';
import { CxmlOrdersController } from './cxml/cxml-orders.controller';
import { CxmlOrdersService } from './cxml/cxml-orders.service';
import { OrderDeliverySender } from './delivery/order-delivery.sender';
import { OrderDeliveryWorker } from './order-delivery.worker';
import { OrdersController } from './orders.controller';
import { OrdersModule } from './orders.module';

/**
 * The server's part of purchase orders: the API routes, the cXML door (authenticated by punchout's
 * entry authenticator, as the cXML setup is) and the delivery worker.
 */
@Module({
  imports: [OrdersModule, AuditModule, PunchoutModule],
  controllers: [OrdersController, CxmlOrdersController],
  providers: [OrderDeliveryWorker, OrderDeliverySender, CxmlOrdersService, CxmlOrdersErrorArea],
  exports: [OrderDeliveryWorker],
})
export class OrdersApiModule {}
