import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { SaxesParser } from 'saxes';
import { create } from 'xmlbuilder2';
import { CxmlSetupService } from '../punchout/cxml/cxml-setup.service';

/** What the bench asks for: the buyer's system's identity and the cart's way back. */
export interface BenchCxmlSetup {
  clientId: string;
  punchoutSecret: string;
  email: string;
  /** A product to open on (SelectedItem), or none: the shop's start page. */
  productId: string;
  browserFormPostUrl: string;
}

export type BenchCxmlAnswer = { ok: true; startPageUrl: string } | { ok: false; code: string; text: string };

/**
 * The bench as a cXML buyer: a PunchOutSetupRequest built by the XML library (every value escaped),
 * handed to the gateway's own setup, exactly as a document posted to /punchout/cxml is (its checks,
 * limits and audit events apply); the answer's Status and StartPage read back with saxes.
 */
@Injectable()
export class TestBenchCxmlService {
  constructor(private readonly setup: CxmlSetupService) {}

  async open(
    request: BenchCxmlSetup,
    caller: { ip: string; userAgent: string | undefined },
  ): Promise<BenchCxmlAnswer> {
    const answer = await this.setup.setup({ text: setupDocument(request) }, caller);
    const { code, text, startPageUrl } = readAnswer(answer);
    if (code === '200' && startPageUrl) return { ok: true, startPageUrl };
    return { ok: false, code, text };
  }
}

function setupDocument(request: BenchCxmlSetup): string {
  const credential = (identity: string) => ({ '@domain': 'NetworkID', Identity: identity });
  const setupRequest: Record<string, unknown> = {
    '@operation': 'create',
    BuyerCookie: `test-bench-${randomUUID()}`,
    Extrinsic: { '@name': 'UserEmail', '#': request.email },
    BrowserFormPost: { URL: request.browserFormPostUrl },
  };
  if (request.productId) setupRequest.SelectedItem = { ItemID: { SupplierPartID: request.productId } };
  return create({ version: '1.0', encoding: 'UTF-8' })
    .ele({
      cXML: {
        '@payloadID': `${Date.now()}.${randomUUID()}@test-bench`,
        '@timestamp': new Date().toISOString(),
        '@xml:lang': 'en',
        Header: {
          From: { Credential: credential('test-bench') },
          To: { Credential: credential('gateway') },
          Sender: {
            Credential: { ...credential(request.clientId), SharedSecret: request.punchoutSecret },
            UserAgent: 'Gateway test bench',
          },
        },
        Request: { PunchOutSetupRequest: setupRequest },
      },
    })
    .end();
}

/** The Status code and text and the StartPage URL of a setup response (our own, well-formed). */
function readAnswer(document: string): { code: string; text: string; startPageUrl?: string } {
  const parser = new SaxesParser();
  const path: string[] = [];
  let code = '';
  let text = '';
  let startPageUrl = '';
  parser.on('opentag', (tag) => {
    path.push(tag.name);
    if (tag.name === 'Status') code = String(tag.attributes.code ?? '');
  });
  parser.on('text', (chunk) => {
    const at = path.join('/');
    if (at.endsWith('Response/Status')) text += chunk;
    if (at.endsWith('StartPage/URL')) startPageUrl += chunk;
  });
  parser.on('closetag', () => path.pop());
  // The answer's DOCTYPE names the public DTD; saxes never fetches or expands it.
  parser.write(document).close();
  return { code, text: text.trim(), ...(startPageUrl.trim() ? { startPageUrl: startPageUrl.trim() } : {}) };
}
