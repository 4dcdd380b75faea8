import { CanActivate, Injectable, NotFoundException } from '@nestjs/common';
import { AppConfig } from '../config/app-config';

/**
 * The bench exists only where it is switched on (TEST_BENCH; by default everywhere but production):
 * elsewhere its addresses are the same 404 page as any unknown address.
 */
@Injectable()
export class TestBenchEnabledGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(): boolean {
    if (!this.config.testBench) throw new NotFoundException();
    return true;
  }
}
