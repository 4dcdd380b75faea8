import { CommandGroup, option } from '../cli-command';

const handlers = () => import('./orders.handlers');

/** Delivery of purchase orders to suppliers: the orders feature's operator commands. */
export const ORDERS_COMMANDS: CommandGroup = {
  title: 'Purchase orders',
  commands: [
    {
      name: 'supplier set-order-endpoint',
      summary: "sets where a supplier takes its orders, and prints the webhook's signing secret once",
      usage: '<supplier> --url <url> --format cxml|json',
      options: {
        url: option.string('<url>', 'the http(s) URL orders are POSTed to'),
        format: option.string('cxml|json', 'a cXML OrderRequest, or a JSON webhook signed with HMAC-SHA256'),
      },
      details: [
        '<supplier> is the vendor name as offers carry it. Orders that waited for an endpoint are queued at once.',
        'Setting it again draws a new signing secret. How a receiver verifies the signature: docs/orders.md.',
      ],
      handler: async () => (await handlers()).setOrderEndpoint,
    },
    {
      name: 'orders redeliver',
      summary: "queues an order's failed deliveries again, with a fresh retry horizon",
      usage: '<order id>',
      options: {},
      handler: async () => (await handlers()).redeliver,
    },
    {
      name: 'orders pending',
      summary: 'lists the deliveries waiting for a supplier endpoint, and the failed ones',
      usage: '',
      options: {},
      handler: async () => (await handlers()).pending,
    },
  ],
};
