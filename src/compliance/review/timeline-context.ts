/** What a session's events reference by id, resolved for the timeline's sentences. */
export interface TimelineContext {
  /** Offer id -> its product's name and its vendor. */
  offers: Record<string, { name: string; vendor: string | null }>;
  /** Guidance rule id -> the rule. */
  rules: Record<
    string,
    { effect: string; matcher: string; value: string; currency: string | null; note: string | null }
  >;
}
