import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { create } from 'xmlbuilder2';
import { attributeOf, pathOf, readXml, textOf } from '../common/xml/xml-tree';
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
 * limits and audit events apply); the answer's Status and StartPage read back with the hardened reader.
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
  const read = readXml(document);
  if (!read.ok) return { code: '500', text: read.message };
  const status = pathOf(read.root, ['Response', 'Status']);
  const startPageUrl = textOf(
    pathOf(read.root, ['Response', 'PunchOutSetupResponse', 'StartPage', 'URL']),
  ).trim();
  return {
    code: attributeOf(status, 'code') ?? '',
    text: textOf(status).trim(),
    ...(startPageUrl ? { startPageUrl } : {}),
  };
}
