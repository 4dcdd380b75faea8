import { HttpStatus, Injectable } from '@nestjs/common';
import { generateSecret } from '../common/crypto/secrets';
import { Clock } from '../common/clock/clock';
import { ApiError } from '../common/http/api-error';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { OrderDeliveryTrigger } from './order-delivery.trigger';

export type OrderEndpointFormat = 'cxml' | 'json';

export interface OrderEndpointSet {
  supplier: string;
  url: string;
  format: OrderEndpointFormat;
  /** The webhook signing secret, shown once (JSON webhooks are signed with it). */
  signingSecret: string;
  /** Orders that waited for an endpoint and are now queued. */
  released: number;
}

export interface PendingDelivery {
  orderId: string;
  buyerOrderId: string;
  supplier: string;
  status: string;
  attempts: number;
  lastError: string | null;
}

/**
 * Operator actions on delivery: where a supplier takes its orders (`gateway supplier
 * set-order-endpoint`), redelivery of failed deliveries (`gateway orders redeliver`), and the list of
 * what waits (`gateway orders pending`).
 */
@Injectable()
export class OrderEndpointsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly delivery: OrderDeliveryTrigger,
  ) {}

  async set(supplier: string, url: string, format: OrderEndpointFormat): Promise<OrderEndpointSet> {
    const signingSecret = generateSecret('whsec_');
    const now = this.clock.now();
    const released = await this.prisma.$transaction(async (tx) => {
      await tx.orderEndpoint.upsert({
        where: { supplier },
        create: { supplier, url, format, signingSecret, updatedAt: now },
        update: { url, format, signingSecret, updatedAt: now },
      });
      const { count } = await tx.orderDelivery.updateMany({
        where: { supplier, status: 'pending' },
        data: { status: 'queued', nextAttemptAt: now, retryUntil: this.retryUntil(now) },
      });
      return count;
    });
    this.delivery.kick();
    return { supplier, url, format, signingSecret, released };
  }

  /** Queues an order's failed (and pending-with-endpoint) deliveries again, with a fresh retry horizon. */
  async redeliver(orderId: string): Promise<number> {
    const order = await this.prisma.purchaseOrder.findUnique({
      where: { id: orderId },
      select: { id: true },
    });
    if (!order) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No order ${orderId}.`);
    const now = this.clock.now();
    const { count } = await this.prisma.orderDelivery.updateMany({
      where: { orderId, status: 'failed' },
      data: { status: 'queued', nextAttemptAt: now, retryUntil: this.retryUntil(now) },
    });
    this.delivery.kick();
    return count;
  }

  /** Deliveries that wait for an endpoint or gave up, oldest first. */
  async waiting(limit = 500): Promise<PendingDelivery[]> {
    const rows = await this.prisma.orderDelivery.findMany({
      where: { status: { in: ['pending', 'failed'] } },
      include: { order: { select: { buyerOrderId: true } } },
      orderBy: { createdAt: 'asc' },
      take: limit,
    });
    return rows.map((row) => ({
      orderId: row.orderId,
      buyerOrderId: row.order.buyerOrderId,
      supplier: row.supplier,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
    }));
  }

  private retryUntil(now: Date): Date {
    return new Date(now.getTime() + this.config.orders.delivery.horizonSeconds * 1000);
  }
}
