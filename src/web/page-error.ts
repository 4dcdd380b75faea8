import { HttpException } from '@nestjs/common';

/** What a refusal page says, already in the visitor's language. */
export interface PageMessage {
  title: string;
  text: string;
  hint?: string;
  kind?: 'error' | 'warn' | 'ok';
  link?: { href: string; label: string };
}

/**
 * A refusal a page area's guard or handler throws with its own wording (the console's "sign-in
 * required"); the HTML error responder shows it in the area's frame with its status.
 */
export class PageError extends HttpException {
  constructor(
    status: number,
    readonly pageMessage: PageMessage,
  ) {
    super(pageMessage.title, status);
  }
}
