import { isUUID } from 'class-validator';
import { SetOrderEndpointDto } from '../../orders/dto/set-order-endpoint.dto';
import { OrderEndpointsService } from '../../orders/order-endpoints.service';
import { OrdersModule } from '../../orders/orders.module';
import { handler, onlyPositionals, service, stringOption, UsageError } from '../cli-command';
import { printResult, table } from '../cli-output';

const ORDERS = () => [OrdersModule];

export const setOrderEndpoint = handler<SetOrderEndpointDto>({
  needsApp: true,
  modules: ORDERS,
  parse(args) {
    const [supplier] = onlyPositionals(args, ['<supplier>']);
    const checked = SetOrderEndpointDto.check({
      supplier,
      url: stringOption(args, 'url'),
      format: stringOption(args, 'format'),
    });
    if (!checked.ok) throw new UsageError(checked.issue.message);
    return checked.value;
  },
  async run(ctx) {
    const { supplier, url, format } = ctx.input;
    const set = await service(ctx, OrderEndpointsService).set(supplier, url, format);
    printResult(
      ctx.io,
      ctx.json,
      set,
      [
        `Orders for ${set.supplier} go to ${set.url} as ${set.format === 'cxml' ? 'cXML OrderRequest' : 'signed JSON'}.`,
        `Signing secret (shown once, give it to the supplier): ${set.signingSecret}`,
        `${set.released} waiting order(s) queued.`,
      ].join('\n'),
    );
  },
});

export const redeliver = handler<{ orderId: string }>({
  needsApp: true,
  modules: ORDERS,
  parse(args) {
    const [orderId] = onlyPositionals(args, ['<order id>']);
    if (!isUUID(orderId)) throw new UsageError("<order id> must be the gateway's order id (a UUID)");
    return { orderId };
  },
  async run(ctx) {
    const queued = await service(ctx, OrderEndpointsService).redeliver(ctx.input.orderId);
    printResult(
      ctx.io,
      ctx.json,
      { orderId: ctx.input.orderId, queued },
      `${queued} failed delivery(ies) queued again.`,
    );
  },
});

export const pending = handler<Record<string, never>>({
  needsApp: true,
  modules: ORDERS,
  parse(args) {
    onlyPositionals(args, []);
    return {};
  },
  async run(ctx) {
    const rows = await service(ctx, OrderEndpointsService).waiting();
    printResult(
      ctx.io,
      ctx.json,
      rows,
      table(
        ['order', 'buyer order id', 'supplier', 'status', 'tries', 'last error'],
        rows.map((row) => [
          row.orderId,
          row.buyerOrderId,
          row.supplier,
          row.status,
          String(row.attempts),
          row.lastError ?? '',
        ]),
        'Nothing waits: every delivery has an endpoint and none failed.',
      ),
    );
  },
});
