import type { Readable } from 'node:stream';
import type { VNode } from 'preact';

/** What a page handler returns; the toolkit sends it (page-reply.ts) with the pages' headers. */
export type PageResult = PageAnswer | PageRedirect | PageDownload;

export interface PageAnswer {
  kind: 'page';
  /** The page; null for an empty body (a HEAD a link checker sends). */
  page: VNode | null;
  status: number;
  /** Origins a form on the page may post to besides our own (a punchout's HOOK_URL origin). */
  formActions?: string[];
  /** CSP frame-ancestors sources; default 'none' (pages that procurement suites frame pass theirs). */
  frameAncestors?: string;
  /** More headers: a sign-in's Set-Cookie (several as an array), a 429's Retry-After. */
  headers?: Record<string, string | string[]>;
}

/** A 303 See Other (after a POST, or to the page that shows a state). */
export interface PageRedirect {
  kind: 'redirect';
  location: string;
  headers?: Record<string, string>;
}

/** A file the browser saves (an export). */
export interface PageDownload {
  kind: 'download';
  body: Readable;
  contentType: string;
  fileName: string;
}

export function pageResult(
  page: VNode | null,
  status = 200,
  options: Omit<PageAnswer, 'kind' | 'page' | 'status'> = {},
): PageAnswer {
  return { kind: 'page', page, status, ...options };
}

export function redirectTo(location: string, headers?: Record<string, string>): PageRedirect {
  return { kind: 'redirect', location, ...(headers ? { headers } : {}) };
}
