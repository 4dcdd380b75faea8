import { createHash } from 'node:crypto';
import { cutText } from '../common/text/cut-text';
import type { CxmlHeader } from './cxml-header.parser';

/** How many characters of the document's start a summary keeps (its prolog and root, typically). */
const HEAD_LENGTH = 256;

/** Where a credential's secret starts: the head of a document stops before it. */
const SECRET_ELEMENT = /<\s*(SharedSecret|CredentialMac|DigitalSignature)\b/i;

export interface CxmlRefusalCaller {
  ip: string;
  userAgent: string | undefined;
}

/**
 * What is recorded of a cXML request refused before its sender was authenticated (a wrong
 * SharedSecret, a revoked client): a summary of bounded size, never the document. Whoever knows a
 * client id can send such a request, so recording what it says (up to CXML_MAX_BYTES of Extrinsics
 * or order lines) would let anyone grow that organization's records at will. The summary still
 * identifies the document (its size and SHA-256, to compare with the sender's copy), shows how it
 * starts (its first characters, cut before any credential's secret), what it claims (each value cut
 * short), and the entry's own counts (`counts`: small numbers and short names, the caller's to bound).
 */
export function cxmlRefusalSummary(
  document: string,
  header: CxmlHeader,
  caller: CxmlRefusalCaller,
  counts: Record<string, number | string | null>,
): Record<string, unknown> {
  const head = cutText(document, HEAD_LENGTH);
  const secretAt = head.search(SECRET_ELEMENT);
  return {
    document: {
      bytes: Buffer.byteLength(document),
      sha256: createHash('sha256').update(document).digest('hex'),
      head: secretAt === -1 ? head : head.slice(0, secretAt),
      ...counts,
    },
    payloadId: cutText(header.payloadId, 100),
    sender: {
      domain: cutText(header.sender.domain, 100),
      identity: cutText(header.sender.identity, 100),
      userAgent: header.sender.userAgent === null ? null : cutText(header.sender.userAgent, 100),
    },
    ip: cutText(caller.ip, 100),
    userAgent: caller.userAgent === undefined ? null : cutText(caller.userAgent, 200),
  };
}
