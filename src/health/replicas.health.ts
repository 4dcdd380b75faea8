import { Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { ReadReplicas } from '../database/replicas/read-replicas.service';

/**
 * The read replicas' state, for /readyz: always "up", because reads fall back to the primary when no
 * replica is usable; `usable` of `replicas` and each one's lag and skip reason say how it stands
 * (positions only, no host names: those are in the log line written on every change).
 */
@Injectable()
export class ReplicasHealthIndicator {
  constructor(
    private readonly replicas: ReadReplicas,
    private readonly indicators: HealthIndicatorService,
  ) {}

  get configured(): boolean {
    return this.replicas.configured;
  }

  state(): HealthIndicatorResult {
    const replicas = this.replicas.status();
    return this.indicators.check('replicas').up({
      usable: replicas.filter((replica) => replica.usable).length,
      replicas: replicas.map(({ usable, lagMs, catalogVersion, reason }) => ({
        usable,
        lagMs,
        catalogVersion,
        // The kind of reason only: a driver's error text may name hosts.
        ...(reason === undefined ? {} : { reason: reason.split(':')[0] }),
      })),
    });
  }
}
