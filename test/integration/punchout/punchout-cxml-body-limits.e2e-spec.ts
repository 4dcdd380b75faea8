import { request as httpRequest } from 'node:http';
import { readCxml, at } from '../../support/cxml';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * What `POST /punchout/cxml` answers to bodies that are not a setup request it can read: a body far
 * over CXML_MAX_BYTES, no Content-Type or one that is not XML. Buyers' systems read a cXML Status, so
 * each is a cXML document with the Status (in an HTTP 200), sent after the body was read or drained:
 * never a reset connection (the buyer's system would retry blindly) nor an HTML page.
 */
describe('cXML setup: oversized and mislabelled bodies', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** POSTs `body` with node:http (a client that writes the whole body, as buyers' systems do). */
  function post(body: Buffer | string, headers: Record<string, string>) {
    return new Promise<{ status: number; contentType: string | undefined; text: string }>(
      (resolve, reject) => {
        const { hostname, port } = new URL(t.baseUrl);
        const req = httpRequest(
          { host: hostname, port, path: '/punchout/cxml', method: 'POST', headers, agent: false },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                contentType: res.headers['content-type'],
                text: Buffer.concat(chunks).toString('utf8'),
              }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      },
    );
  }
  const statusOf = (text: string) => at(readCxml(text), 'Response/Status')?.attributes.code;

  it('a 12 MB document, ten times: each answered with a cXML Status 413 in an HTTP 200, no connection reset', async () => {
    const body = Buffer.alloc(12 * 1024 * 1024, 'a');
    body.write('<?xml version="1.0"?><cXML><!--');
    for (let round = 0; round < 10; round++) {
      const answer = await post(body, { 'content-type': 'text/xml; charset=utf-8' });
      expect(answer.status).toBe(200);
      expect(answer.contentType).toBe('text/xml; charset=utf-8');
      expect(statusOf(answer.text)).toBe('413');
    }
  });

  it.each([
    ['no Content-Type', {}],
    ['application/octet-stream', { 'content-type': 'application/octet-stream' }],
    ['text/html', { 'content-type': 'text/html' }],
    ['application/json', { 'content-type': 'application/json' }],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('%s: a cXML Status 415 in an HTTP 200', async (label, headers: Record<string, string>) => {
    // JSON that parses (JSON that does not is a Status 400 naming the JSON fault).
    const answer = await post(
      label === 'application/json' ? '{"text": "<cXML/>"}' : '<cXML payloadID="x"/>',
      headers,
    );
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('text/xml; charset=utf-8');
    expect(statusOf(answer.text)).toBe('415');
  });

  it('a GET: a cXML Status in an HTTP 200, not an HTML page', async () => {
    const response = await fetch(`${t.baseUrl}/punchout/cxml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(statusOf(await response.text())).toBe('400');
  });
});
