import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../../src/generated/prisma/client';
import { cli } from '../../support/cli';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

describe('operator CLI: gateway supplier set-order-endpoint, orders redeliver, orders pending', () => {
  let database: TestDatabase;
  let prisma: PrismaClient;
  let orderId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
    const organization = await prisma.organization.create({ data: { slug: 'acme', name: 'ACME' } });
    orderId = randomUUID();
    const now = new Date();
    await prisma.purchaseOrder.create({
      data: {
        id: orderId,
        organizationId: organization.id,
        buyerOrderId: 'PO-CLI',
        channel: 'json',
        contentHash: new Uint8Array(32),
        document: '{}',
        documentSha256: new Uint8Array(32),
        mediaType: 'application/json',
        deliveries: {
          create: [
            {
              id: randomUUID(),
              organizationId: organization.id,
              supplier: 'Paper Palace',
              status: 'pending',
              idempotencyKey: `${orderId}.1`,
              nextAttemptAt: now,
              retryUntil: now,
            },
            {
              id: randomUUID(),
              organizationId: organization.id,
              supplier: 'Office World',
              status: 'failed',
              attempts: 7,
              lastError: 'HTTP 503',
              idempotencyKey: `${orderId}.2`,
              nextAttemptAt: now,
              retryUntil: now,
            },
          ],
        },
      },
    });
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await database.drop();
  });

  const statusOf = async (supplier: string) =>
    (await prisma.orderDelivery.findFirstOrThrow({ where: { orderId, supplier } })).status;

  it('lists what waits for an endpoint and what failed', async () => {
    const listed = await cli(database.url, 'orders', 'pending', '--json');
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({
        orderId,
        buyerOrderId: 'PO-CLI',
        supplier: 'Paper Palace',
        status: 'pending',
      }),
      expect.objectContaining({
        orderId,
        supplier: 'Office World',
        status: 'failed',
        attempts: 7,
        lastError: 'HTTP 503',
      }),
    ]);
  });

  it('sets an endpoint, shows its signing secret once, and queues the orders that waited for it', async () => {
    const set = await cli(
      database.url,
      ...[
        'supplier',
        'set-order-endpoint',
        'Paper Palace',
        '--url',
        'https://paper.example/orders',
        '--format',
        'cxml',
        '--json',
      ],
    );
    expect(set).toMatchObject({ code: 0, stderr: '' });
    const result = JSON.parse(set.stdout);
    expect(result).toMatchObject({
      supplier: 'Paper Palace',
      url: 'https://paper.example/orders',
      format: 'cxml',
      released: 1,
    });
    expect(result.signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(
      await prisma.orderEndpoint.findUniqueOrThrow({ where: { supplier: 'Paper Palace' } }),
    ).toMatchObject({
      url: 'https://paper.example/orders',
      format: 'cxml',
    });
    expect(await statusOf('Paper Palace')).toBe('queued');
  });

  it('queues failed deliveries again with redeliver', async () => {
    const redelivered = await cli(database.url, 'orders', 'redeliver', orderId, '--json');
    expect(redelivered).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(redelivered.stdout)).toEqual({ orderId, queued: 1 });
    const delivery = await prisma.orderDelivery.findFirstOrThrow({
      where: { orderId, supplier: 'Office World' },
    });
    expect(delivery.status).toBe('queued');
    expect(delivery.retryUntil.getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses bad arguments with exit code 2 before connecting', async () => {
    const badUrl = await cli(
      database.url,
      'supplier',
      'set-order-endpoint',
      'X',
      '--url',
      'ftp://x',
      '--format',
      'json',
    );
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('--url must be an http:// or https:// URL');
    const badFormat = await cli(
      database.url,
      'supplier',
      'set-order-endpoint',
      'X',
      '--url',
      'https://x.example',
      '--format',
      'xml',
    );
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toContain('--format must be cxml or json');
    const badId = await cli(database.url, 'orders', 'redeliver', 'PO-CLI');
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain("<order id> must be the gateway's order id (a UUID)");
    expect(await prisma.orderEndpoint.count({ where: { supplier: 'X' } })).toBe(0);
  });
});
