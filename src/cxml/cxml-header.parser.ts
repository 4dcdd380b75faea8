import { cutText } from '../common/text/cut-text';
import { isWellFormedText } from '../common/validation/well-formed-text';
import { attributeOf, childNamed, childrenNamed, readXml, textOf, XmlElement } from '../common/xml/xml-tree';

/**
 * The part every cXML request shares, whatever it asks (a punchout setup, a purchase order): the
 * hardened read of the document (common/xml/xml-tree.ts: no DTD, no entities, depth limit), the root's
 * payloadID, version and language, the Header's From/To/Sender credentials, and the one Request
 * element the caller reads further. Pure: the credentials are checked by the caller.
 *
 * Lenient where real buyers are sloppy, as the DTD is not: child elements in any order, element and
 * attribute names in any case, a `timestamp` in any form (recorded, never relied on), payloadIDs
 * without `@`. What it refuses names the element at fault, with the cXML status to answer.
 */

export interface CxmlCredential {
  domain: string;
  identity: string;
}

export interface CxmlSender {
  domain: string;
  identity: string;
  sharedSecret: string;
  userAgent: string | null;
}

export interface CxmlHeader {
  payloadId: string;
  /** As sent (not necessarily ISO 8601): recorded only. */
  timestamp: string | null;
  /** The document's `xml:lang`, or `en`; the language of the texts we send back. */
  lang: string;
  version: string | null;
  from: CxmlCredential[];
  to: CxmlCredential[];
  sender: CxmlSender;
  deploymentMode: string;
}

/** A refused request: the cXML status code and a text naming what is wrong (never a stack trace). */
export interface CxmlProblem {
  code: 400 | 406;
  text: string;
}

export type CxmlRequestRead =
  { ok: true; header: CxmlHeader; request: XmlElement } | { ok: false; problem: CxmlProblem };

/** Bounds of the envelope's values: generous for real buyers, bounded for storage and the audit trail. */
export const CXML_HEADER_LIMITS = { payloadId: 250, identity: 250 } as const;

/**
 * Reads a cXML request document whose Request holds `requestName` (PunchOutSetupRequest,
 * OrderRequest); another request there is 406, as is a cXML version other than 1.x.
 */
export function readCxmlRequest(text: string, requestName: string): CxmlRequestRead {
  const read = readXml(text);
  if (!read.ok) return bad(`The document is not well-formed XML: ${read.message}.`);
  const root = read.root;
  if (root.name.toLowerCase() !== 'cxml') return bad(`The root element is ${root.name}, not cXML.`);

  const version = attributeOf(root, 'version')?.trim() || null;
  // cXML 1.x is one family (each minor version adds to it); another major version is not ours to read.
  if (version !== null && !/^1(\.\d+)*$/.test(version))
    return cxmlProblem(406, `cXML version ${clip(version)} is not supported (1.x is).`);

  const payloadId = attributeOf(root, 'payloadID')?.trim() ?? '';
  if (!payloadId) return bad('The cXML element has no payloadID.');
  if (payloadId.length > CXML_HEADER_LIMITS.payloadId)
    return bad(`The payloadID is longer than ${CXML_HEADER_LIMITS.payloadId} characters.`);

  const header = childNamed(root, 'Header');
  if (!header) return bad('The Header element is missing.');
  const from = credentialsOf(childNamed(header, 'From'));
  if (typeof from === 'string') return bad(`Header/From: ${from}`);
  const to = credentialsOf(childNamed(header, 'To'));
  if (typeof to === 'string') return bad(`Header/To: ${to}`);
  const sender = childNamed(header, 'Sender');
  const senderCredential = childNamed(sender, 'Credential');
  const senderIdentity = textOf(childNamed(senderCredential, 'Identity')).trim();
  if (!senderIdentity) return bad('Header/Sender/Credential/Identity is missing.');
  const sharedSecretElement = childNamed(senderCredential, 'SharedSecret');
  if (!sharedSecretElement) return bad('Header/Sender/Credential/SharedSecret is missing.');

  const requestElement = childNamed(root, 'Request');
  if (!requestElement) return bad('The Request element is missing.');
  const wanted = childNamed(requestElement, requestName);
  if (!wanted) {
    const other = requestElement.children.find((child) => typeof child !== 'string');
    return other
      ? cxmlProblem(406, `${clip((other as XmlElement).name)} is not supported here (${requestName} is).`)
      : bad(`Request/${requestName} is missing.`);
  }

  const lang = attributeOf(root, 'xml:lang')?.trim() || 'en';
  return {
    ok: true,
    request: wanted,
    header: {
      payloadId,
      timestamp: attributeOf(root, 'timestamp')?.trim() || null,
      lang: lang.length <= 35 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(lang) ? lang : 'en',
      version,
      from,
      to,
      sender: {
        domain: (attributeOf(senderCredential, 'domain') ?? '').trim(),
        identity: senderIdentity,
        sharedSecret: textOf(sharedSecretElement).trim(),
        userAgent: textOf(childNamed(sender, 'UserAgent')).trim() || null,
      },
      deploymentMode: attributeOf(requestElement, 'deploymentMode')?.trim() || 'production',
    },
  };
}

function credentialsOf(party: XmlElement | undefined): CxmlCredential[] | string {
  if (!party) return 'the element is missing.';
  const credentials = childrenNamed(party, 'Credential').map((credential) => ({
    domain: (attributeOf(credential, 'domain') ?? '').trim(),
    identity: textOf(childNamed(credential, 'Identity')).trim(),
  }));
  const usable = credentials.filter((c) => c.identity !== '');
  if (usable.length === 0) return 'Credential/Identity is missing.';
  const tooLong = usable.find(
    (c) => c.identity.length > CXML_HEADER_LIMITS.identity || c.domain.length > 100,
  );
  if (tooLong) return `a Credential is longer than ${CXML_HEADER_LIMITS.identity} characters.`;
  return usable;
}

function bad(text: string): { ok: false; problem: CxmlProblem } {
  return cxmlProblem(400, text);
}

/** A refusal with its code; a text that is not well-formed (a quoted value's control characters) is replaced. */
export function cxmlProblem(code: CxmlProblem['code'], text: string): { ok: false; problem: CxmlProblem } {
  return { ok: false, problem: { code, text: isWellFormedText(text) ? text : 'The request is malformed.' } };
}

/** A value quoted in a message, bounded so that a huge one does not bloat the answer. */
export function clip(value: string): string {
  return JSON.stringify(value.length > 50 ? `${cutText(value, 50)}...` : value);
}

/**
 * The user a request names: `Extrinsic name="UserEmail"` (any case, stray spaces) of `element`, else
 * the first `Contact/Email`; null when neither is given. One rule for the setup and the order request.
 */
export function cxmlUserEmail(element: XmlElement): string | null {
  for (const extrinsic of childrenNamed(element, 'Extrinsic'))
    if ((attributeOf(extrinsic, 'name') ?? '').trim().toLowerCase() === 'useremail') {
      const email = textOf(extrinsic).trim();
      if (email) return email;
    }
  for (const contact of childrenNamed(element, 'Contact')) {
    const email = textOf(childNamed(contact, 'Email')).trim();
    if (email) return email;
  }
  return null;
}
