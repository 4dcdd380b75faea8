import { Prisma } from '../generated/prisma/client';
import { PrismaService } from './prisma.service';

export type PrismaTx = Prisma.TransactionClient;

/**
 * Runs `work` in the caller's transaction when there is one (so several services' writes commit or
 * roll back together, e.g. the demo seed), else in a transaction of its own.
 */
export function withinTransaction<T>(
  prisma: PrismaService,
  tx: PrismaTx | undefined,
  work: (tx: PrismaTx) => Promise<T>,
): Promise<T> {
  return tx ? work(tx) : prisma.$transaction(work);
}
