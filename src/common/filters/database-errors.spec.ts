import { DriverAdapterError } from '@prisma/driver-adapter-utils';
import { Prisma } from '../../generated/prisma/client';
import { isDatabaseUnavailable } from './database-errors';

/** The shapes a lost PostgreSQL connection takes through Prisma 7's pg adapter (seen in the outage drill). */
describe('isDatabaseUnavailable', () => {
  it('recognises the adapter error of a connection closed inside an interactive transaction', () => {
    expect(isDatabaseUnavailable(new DriverAdapterError({ kind: 'ConnectionClosed' }))).toBe(true);
    expect(isDatabaseUnavailable(new DriverAdapterError({ kind: 'DatabaseNotReachable' } as never))).toBe(
      true,
    );
  });

  it('recognises a raw query failed because the server closed the connection (P2010)', () => {
    const error = new Prisma.PrismaClientKnownRequestError(
      'Raw query failed. Code: `N/A`. Message: `Server has closed the connection.`',
      {
        code: 'P2010',
        clientVersion: '7',
        meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } } },
      },
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('does not take a query error for an outage', () => {
    const error = new Prisma.PrismaClientKnownRequestError('Unique constraint failed', {
      code: 'P2002',
      clientVersion: '7',
      meta: {
        driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'UniqueConstraintViolation' } },
      },
    });
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(new DriverAdapterError({ kind: 'TransactionWriteConflict' }))).toBe(false);
  });

  it('takes a lock or statement timeout for "not now" (a 503 to retry), raw or through the adapter', () => {
    for (const code of ['55P03', '57014']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('canceling statement'), { code }))).toBe(true);
      const wrapped = new DriverAdapterError({
        kind: 'postgres',
        code,
        severity: 'ERROR',
        message: 'canceling statement due to lock timeout',
      } as never);
      expect(isDatabaseUnavailable(wrapped)).toBe(true);
    }
  });
});
