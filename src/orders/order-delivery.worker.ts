import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AuditService } from '../audit/audit.service';
import { AuditEventTypes } from '../audit/audit-event';
import { Clock } from '../common/clock/clock';
import { PeriodicTask } from '../common/schedule/periodic-task';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import type { PrismaTx } from '../database/prisma-transaction';
import { OrderDeliverySender } from './delivery/order-delivery.sender';
import { retryDelayMs } from './delivery/retry-delay';
import { OrderDeliveryTrigger } from './order-delivery.trigger';
import { readSupplierOrder } from './delivery/supplier-order.reader';

/** Deliveries one run sends at most before it yields to the next (the rest wait for the next run). */
const DELIVERIES_PER_RUN = 1_000;
/** Time for the delivering transaction beyond the delivery's own bound (reads, writes, commit). */
const TRANSACTION_MARGIN_MS = 5_000;

/**
 * Empties the outbox: every replica runs this periodic task (and at once after an order came in).
 * Each due delivery is claimed with `FOR UPDATE SKIP LOCKED` in a transaction that stays open while
 * the supplier is called, so two replicas never send one delivery at the same time, and a replica
 * that dies mid-call releases its claim with its connection (the delivery is sent again, under the
 * same idempotency key). Failed tries are retried with exponential backoff and jitter until
 * ORDER_DELIVERY_HORIZON_SECONDS after the order came in (or was redelivered); then the delivery is `failed`.
 */
@Injectable()
export class OrderDeliveryWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicTask<number>;

  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly sender: OrderDeliverySender,
    registry: SchedulerRegistry,
    trigger: OrderDeliveryTrigger,
  ) {
    this.task = new PeriodicTask(registry, {
      name: 'order-delivery',
      everyMs: config.orders.delivery.pollMs,
      run: (stopping) => this.deliverDue(stopping),
    });
    trigger.listen(() => this.kick());
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Delivers what is due now, without waiting for the next run (an order just came in). */
  kick(): void {
    void this.task.runNow();
  }

  /** One run: the delivering loops, side by side; resolves to the number of tries made. */
  runNow(): Promise<number | undefined> {
    return this.task.runNow();
  }

  /**
   * One run: a delivering loop, joined by another (up to ORDER_DELIVERY_CONCURRENCY) each time a loop
   * finds work, so an empty outbox costs one claim query, not one per loop.
   */
  private async deliverDue(stopping: AbortSignal): Promise<number> {
    await this.releaseReachable();
    let tries = 0;
    const loops: Array<Promise<void>> = [];
    const loop = async (): Promise<void> => {
      while (!stopping.aborted && tries < DELIVERIES_PER_RUN) {
        if (!(await this.deliverOne())) return;
        tries += 1;
        if (loops.length < this.config.orders.delivery.concurrency) loops.push(loop());
      }
    };
    loops.push(loop());
    // Loops join while others run: wait until no new one was added.
    for (let waited = 0; waited < loops.length; waited = loops.length) await Promise.all(loops);
    return tries;
  }

  /**
   * Queues the pending deliveries whose supplier has an endpoint now. Setting an endpoint queues them
   * itself; this catches an order stored while the endpoint was being set (its transaction did not
   * see the endpoint, the endpoint's did not see the order).
   */
  private async releaseReachable(): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE order_delivery d SET status = 'queued', next_attempt_at = ${this.clock.now()}
        FROM order_endpoint e
       WHERE d.status = 'pending' AND e.supplier = d.supplier`;
  }

  /** Claims one due delivery and tries it; false when none is due (or all due ones are claimed). */
  async deliverOne(): Promise<boolean> {
    const { timeoutMs } = this.config.orders.delivery;
    return this.prisma.$transaction(
      async (tx) => {
        const now = this.clock.now();
        const [claimed] = await tx.$queryRaw<Array<{ id: string }>>`
          SELECT id FROM order_delivery
           WHERE status = 'queued' AND next_attempt_at <= ${now}
           ORDER BY next_attempt_at
           LIMIT 1
             FOR UPDATE SKIP LOCKED`;
        if (!claimed) return false;
        await this.attempt(tx, claimed.id);
        return true;
      },
      { timeout: timeoutMs + TRANSACTION_MARGIN_MS, maxWait: TRANSACTION_MARGIN_MS },
    );
  }

  private async attempt(tx: PrismaTx, deliveryId: string): Promise<void> {
    const delivery = await tx.orderDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    // One after the other: a transaction is one connection, and pg deprecates overlapping queries on it.
    const endpoint = await tx.orderEndpoint.findUnique({ where: { supplier: delivery.supplier } });
    const order = await readSupplierOrder(tx, delivery);
    if (!endpoint || !order) {
      // The endpoint was removed since: the delivery waits for one again.
      await tx.orderDelivery.update({ where: { id: deliveryId }, data: { status: 'pending' } });
      return;
    }
    const result = await this.sender.send(order, {
      url: endpoint.url,
      format: endpoint.format as 'cxml' | 'json',
      signingSecret: endpoint.signingSecret,
    });
    const attemptedAt = this.clock.now();
    const attempts = delivery.attempts + 1;
    await tx.orderDeliveryAttempt.create({
      data: {
        deliveryId,
        attemptedAt,
        outcome: result.delivered ? 'delivered' : 'failed',
        httpStatus: result.httpStatus,
        error: result.error?.slice(0, 1_000) ?? null,
        durationMs: result.durationMs,
      },
    });
    const event = {
      orderId: delivery.orderId,
      buyerOrderId: order.orderId,
      supplier: delivery.supplier,
      idempotencyKey: delivery.idempotencyKey,
      format: endpoint.format,
      attempts,
      documentSha256: result.documentSha256,
    };
    if (result.delivered) {
      await tx.orderDelivery.update({
        where: { id: deliveryId },
        data: { status: 'delivered', attempts, deliveredAt: attemptedAt, lastError: null },
      });
      await this.audit.append(tx, {
        organizationId: delivery.organizationId,
        type: AuditEventTypes.orderDelivered,
        actor: { label: 'system:order-delivery' },
        payload: { ...event, httpStatus: result.httpStatus },
      });
      return;
    }
    const nextAttemptAt = new Date(
      attemptedAt.getTime() + retryDelayMs(attempts, this.config.orders.delivery.firstRetryMs),
    );
    const givingUp = nextAttemptAt.getTime() > delivery.retryUntil.getTime();
    await tx.orderDelivery.update({
      where: { id: deliveryId },
      data: {
        status: givingUp ? 'failed' : 'queued',
        attempts,
        nextAttemptAt,
        lastError: result.error?.slice(0, 1_000) ?? null,
      },
    });
    if (givingUp) {
      await this.audit.append(tx, {
        organizationId: delivery.organizationId,
        type: AuditEventTypes.orderDeliveryFailed,
        actor: { label: 'system:order-delivery' },
        payload: { ...event, httpStatus: result.httpStatus, error: result.error?.slice(0, 300) ?? null },
      });
    }
  }
}
