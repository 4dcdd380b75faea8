import { SaxesParser } from 'saxes';

/**
 * The test side of cXML: setup requests as buyers' systems write them, posted as they post them, and
 * a small reader of the documents that come back (saxes, not the gateway's own reader).
 */
export interface CxmlNode {
  name: string;
  attributes: Record<string, string>;
  children: CxmlNode[];
  text: string;
}

export function readCxml(document: string): CxmlNode {
  const parser = new SaxesParser({ xmlns: false });
  const stack: CxmlNode[] = [];
  let root: CxmlNode | undefined;
  parser.on('opentag', (tag) => {
    const node: CxmlNode = { name: tag.name, attributes: { ...tag.attributes }, children: [], text: '' };
    if (stack.length > 0) stack[stack.length - 1].children.push(node);
    else root = node;
    stack.push(node);
  });
  parser.on('text', (text) => {
    for (const node of stack) node.text += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(document).close();
  if (!root) throw new Error('no root element');
  return root;
}

/** The first node at a path of child names ("Response/Status"), or undefined. */
export function at(node: CxmlNode | undefined, path: string): CxmlNode | undefined {
  return path
    .split('/')
    .reduce<CxmlNode | undefined>((n, name) => n?.children.find((c) => c.name === name), node);
}

export function all(node: CxmlNode | undefined, name: string): CxmlNode[] {
  return node?.children.filter((c) => c.name === name) ?? [];
}

export interface SetupParts {
  clientId: string;
  secret: string;
  email?: string;
  url: string;
  operation?: string;
  payloadId?: string;
  cookie?: string;
  /** Extra elements inside PunchOutSetupRequest (ShipTo, SelectedItem, ItemOut...). */
  extra?: string;
}

let counter = 0;

/** A PunchOutSetupRequest as Coupa sends one (Contact before BrowserFormPost, DOCTYPE 1.2.014). */
export function setupRequest(p: SetupParts): string {
  const payloadId = p.payloadId ?? `${Date.now()}.${++counter}@buyer.example`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${payloadId}" timestamp="2026-11-27T10:00:00+01:00" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkID"><Identity>AN01000000001</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>gateway-supplier</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>${p.clientId}</Identity><SharedSecret>${p.secret}</SharedSecret></Credential>
      <UserAgent>Coupa Procurement 1.0</UserAgent></Sender>
  </Header>
  <Request deploymentMode="production">
    <PunchOutSetupRequest operation="${p.operation ?? 'create'}">
      <BuyerCookie>${p.cookie ?? 'cookie-1'}</BuyerCookie>
      <Extrinsic name="UserEmail">${p.email ?? ''}</Extrinsic>
      <Contact role="endUser"><Name xml:lang="en">Jane</Name><Email>${p.email ?? ''}</Email></Contact>
      <BrowserFormPost><URL>
        ${p.url}
      </URL></BrowserFormPost>
      ${p.extra ?? ''}
    </PunchOutSetupRequest>
  </Request>
</cXML>`;
}

export interface SetupAnswer {
  status: number;
  contentType: string | null;
  body: string;
  doc: CxmlNode;
  code: string;
  text: string;
  startUrl: string | undefined;
}

/** POSTs a setup request as the buyer's system does and reads the answer. */
export async function postSetup(
  baseUrl: string,
  body: string | Uint8Array<ArrayBuffer>,
  contentType = 'text/xml; charset=utf-8',
): Promise<SetupAnswer> {
  const response = await fetch(`${baseUrl}/punchout/cxml`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
  const text = await response.text();
  const doc = readCxml(text);
  const status = at(doc, 'Response/Status');
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: text,
    doc,
    code: status?.attributes.code ?? '',
    text: status?.text ?? '',
    startUrl: at(doc, 'Response/PunchOutSetupResponse/StartPage/URL')?.text,
  };
}
