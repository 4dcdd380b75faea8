import { createHash } from 'node:crypto';
import { cxmlRefusalSummary } from './cxml-refusal-summary';
import { readCxmlRequest } from './cxml-header.parser';

const compact = (secret: string, extrinsics = '') =>
  `<cXML payloadID="p1"><Header><From><Credential domain="d"><Identity>a</Identity></Credential></From>` +
  `<To><Credential domain="d"><Identity>b</Identity></Credential></To><Sender><Credential domain="d">` +
  `<Identity>client-1</Identity><SharedSecret>${secret}</SharedSecret></Credential></Sender></Header>` +
  `<Request><PunchOutSetupRequest operation="create"><BuyerCookie>c</BuyerCookie>` +
  `<Extrinsic name="UserEmail">u@example.com</Extrinsic>${extrinsics}` +
  `<BrowserFormPost><URL>https://buyer.example/return</URL></BrowserFormPost></PunchOutSetupRequest></Request></cXML>`;

function summaryOf(document: string) {
  const read = readCxmlRequest(document, 'PunchOutSetupRequest');
  if (!read.ok) throw new Error(read.problem.text);
  const extrinsics = read.request.children.filter((c) => typeof c !== 'string' && c.name === 'Extrinsic');
  return cxmlRefusalSummary(
    document,
    read.header,
    { ip: '192.0.2.1', userAgent: 'probe' },
    { extrinsics: extrinsics.length, items: 0 },
  );
}

describe('cxmlRefusalSummary', () => {
  it('identifies the document by size and SHA-256 and counts what it holds', () => {
    const document = compact('s3cret', '<Extrinsic name="A">1</Extrinsic><Extrinsic name="B">2</Extrinsic>');
    expect(summaryOf(document)).toMatchObject({
      document: {
        bytes: Buffer.byteLength(document),
        sha256: createHash('sha256').update(document).digest('hex'),
        extrinsics: 3,
        items: 0,
      },
      payloadId: 'p1',
      sender: { domain: 'd', identity: 'client-1' },
      ip: '192.0.2.1',
    });
  });

  it('keeps the head of a document only up to where a SharedSecret starts', () => {
    const document = compact('s3cret');
    const head = (summaryOf(document).document as { head: string }).head;
    expect(document.indexOf('<SharedSecret')).toBeLessThan(256);
    expect(head).toBe(document.slice(0, document.indexOf('<SharedSecret')));
    expect(JSON.stringify(summaryOf(document))).not.toContain('s3cret');
  });

  it('stays small however large the document', () => {
    const filler = Array.from(
      { length: 200 },
      (_, i) => `<Extrinsic name="F${i}">${'z'.repeat(1000)}</Extrinsic>`,
    );
    expect(JSON.stringify(summaryOf(compact('s', filler.join('')))).length).toBeLessThan(1_000);
  });
});
