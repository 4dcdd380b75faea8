import { DynamicModule, Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';

/** Makes one Clock injectable everywhere: the system clock, or the one a test hands in. */
@Global()
@Module({})
export class ClockModule {
  static forRoot(clock: Clock = new SystemClock()): DynamicModule {
    return { module: ClockModule, providers: [{ provide: Clock, useValue: clock }], exports: [Clock] };
  }
}
