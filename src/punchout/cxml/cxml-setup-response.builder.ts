import { CxmlEnvelope, cxmlRoot, serialize, xmlSafe } from '../../cxml/cxml-envelope';
import { CXML_STATUS_TEXTS } from '../../cxml/cxml-status.builder';

/**
 * The setup response, built ONCE by the library; each answer sets its four values (payloadID,
 * timestamp, xml:lang, StartPage URL) on it and has the library serialize (and escape) it. Creating
 * a document costs about ten times its serialization, and this is the setup's hot path. Safe to share:
 * setting the values and serializing run synchronously, with nothing in between.
 */
const setupResponse = (() => {
  const root = cxmlRoot({ payloadId: '-', timestamp: '-', lang: 'en' });
  const response = root.ele('Response');
  response.ele('Status', { code: '200', text: CXML_STATUS_TEXTS[200] });
  const url = response.ele('PunchOutSetupResponse').ele('StartPage').ele('URL');
  return { root, url };
})();

/** `PunchOutSetupResponse` with Status 200 and the StartPage URL the buyer's browser opens. */
export function buildSetupResponse(envelope: CxmlEnvelope, startPageUrl: string): string {
  const { root, url } = setupResponse;
  root.att('payloadID', xmlSafe(envelope.payloadId));
  root.att('timestamp', envelope.timestamp);
  root.att('xml:lang', envelope.lang);
  // The DOM's textContent replaces the element's text; the serializer escapes it.
  url.node.textContent = xmlSafe(startPageUrl);
  return serialize(root);
}
