/**
 * The entries a punchout session can start through (stored in `punchout_session.protocol`); here in
 * common because the audit review filters sessions by it and punchout depends on audit, not back. The shop
 * pages never look at it; it picks the session's protocol adapter (the OCI form or a cXML order
 * message, PunchoutAdapters) and is a fact for the audit trail and support.
 */
export const PunchoutProtocols = {
  /** `POST /api/v1/marketplace/product/{id}/punchout` with a bearer token, then the one-time start link. */
  rest: 'rest',
  /** SAP's OCI catalog call-up `GET|POST /punchout/oci` with USERNAME, PASSWORD, EMAIL and HOOK_URL. */
  ociCallup: 'oci-callup',
  /** A cXML PunchOutSetupRequest `POST /punchout/cxml` (Coupa, Ariba, ...), then the one-time StartPage link. */
  cxml: 'cxml',
} as const;

export type PunchoutProtocol = (typeof PunchoutProtocols)[keyof typeof PunchoutProtocols];
