/**
 * A search the gateway will not run because it would read the whole catalog for nothing: the query
 * has no word a result must contain (only -exclusions, stop words or punctuation, or a word ORed with
 * an exclusion). The API answers 400 invalid_request with the message; the shop says it in its words.
 */
export class SearchRefusedError extends Error {
  constructor() {
    super(
      'query has no word the results must contain: -exclusions only narrow a search, a word ORed with an ' +
        'exclusion matches almost everything, and very common words (stop words) and punctuation are not ' +
        'searched; add a word to look for',
    );
    this.name = 'SearchRefusedError';
  }
}
