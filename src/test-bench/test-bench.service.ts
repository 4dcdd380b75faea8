import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DEMO_BUYER_EMAIL, DEMO_ORG_SLUG } from '../demo/demo-seed.service';
import { ClientsService } from '../oauth/clients.service';
import type { BenchDefaults } from './views/bench.page';

/** What the bench fills in: in demo mode the demo client and its buyer, else nothing. */
@Injectable()
export class TestBenchService {
  constructor(
    private readonly config: AppConfig,
    private readonly clients: ClientsService,
  ) {}

  async defaults(): Promise<BenchDefaults> {
    if (!this.config.demo.seed) return { clientId: '', email: '' };
    const demoClient = await this.clients
      .list(DEMO_ORG_SLUG)
      .then((clients) => clients.find((client) => !client.revokedAt))
      .catch(() => undefined); // no demo organization (yet): nothing to fill in
    if (!demoClient) return { clientId: '', email: '' };
    return { clientId: demoClient.clientId, email: DEMO_BUYER_EMAIL, demoEmail: DEMO_BUYER_EMAIL };
  }
}
