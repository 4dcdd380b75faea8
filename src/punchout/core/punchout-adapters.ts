import { Inject, Injectable } from '@nestjs/common';
import { PUNCHOUT_ADAPTERS, type PunchoutAdapter } from './punchout-adapter';

/**
 * The registered protocol adapters by the session protocol each serves: the core's one way to the
 * protocol of a session. A protocol served twice, or a session whose protocol none serves, is a
 * wiring fault and fails loudly (at start, or when that session returns).
 */
@Injectable()
export class PunchoutAdapters {
  private readonly byProtocol = new Map<string, PunchoutAdapter>();

  constructor(@Inject(PUNCHOUT_ADAPTERS) adapters: readonly PunchoutAdapter[]) {
    for (const adapter of adapters) {
      for (const protocol of adapter.protocols) {
        const taken = this.byProtocol.get(protocol);
        if (taken)
          throw new Error(`punchout protocol ${protocol} is served by ${taken.id} and ${adapter.id}`);
        this.byProtocol.set(protocol, adapter);
      }
    }
  }

  /** The adapter of a session's protocol. */
  of(session: { protocol: string }): PunchoutAdapter {
    const adapter = this.byProtocol.get(session.protocol);
    if (!adapter) throw new Error(`no punchout adapter serves protocol ${session.protocol}`);
    return adapter;
  }
}
