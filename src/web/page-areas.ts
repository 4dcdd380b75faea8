import { Injectable, OnModuleInit } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ComponentChildren, VNode } from 'preact';
import type { ErrorResponse } from '../common/filters/error-response';
import type { PageLanguage } from './language';
import type { PageMessage } from './page-error';

/** The area's own part of an error page (a punchout's return form and where it may post). */
export interface ErrorPageAddition {
  content?: VNode;
  hint?: string;
  scripts?: string[];
  formActions?: string[];
  frameAncestors?: string;
}

/** A group of browser pages under one URL prefix, as its error pages should look and act. */
export interface PageArea {
  prefix: string;
  /** Stylesheets of the area's pages. */
  styles?: string[];
  /** CSP frame-ancestors of its error pages (default 'none'): the shop's are shown in procurement suites' frames. */
  frameAncestors?: string;
  /** The area's header on an error page (for `lang`). */
  header?(lang: PageLanguage): ComponentChildren;
  /** The browser tab's title of a page titled `title`. */
  documentTitle?(title: string, lang: PageLanguage): string;
  /** The area's wording of an error status; undefined: the toolkit's. */
  errorMessage?(status: number, lang: PageLanguage): PageMessage | undefined;
  /**
   * Answers an error itself instead of a page, for a route under the area whose callers read no HTML
   * (the cXML setup answers a cXML Status); true when it did. Never throws.
   */
  respond?(request: FastifyRequest, reply: FastifyReply, error: ErrorResponse): boolean;
  /** Runs before an error page of the area is sent (punchout ends the open session); never throws. */
  onError?(
    request: FastifyRequest,
    error: ErrorResponse,
    exception: unknown,
  ): Promise<ErrorPageAddition | undefined>;
}

/**
 * The page areas (front door, punchout shop, compliance console, test bench): each feature registers
 * its own at start, so the one HTML error responder knows every page URL and how its area answers.
 */
@Injectable()
export class PageAreas {
  private readonly areas: PageArea[] = [];

  register(area: PageArea): void {
    this.areas.push(area);
    // Longest prefix first: "/" (the front door) must not swallow the others.
    this.areas.sort((a, b) => b.prefix.length - a.prefix.length);
  }

  /** The area a request's URL belongs to (the front door only for "/" itself). */
  areaOf(request: FastifyRequest): PageArea | undefined {
    const path = request?.url?.split('?')[0] ?? '';
    return this.areas.find((area) =>
      area.prefix === '/' ? path === '/' : path === area.prefix || path.startsWith(`${area.prefix}/`),
    );
  }
}

/** A feature's page area, registered when its module starts (subclasses say how it answers errors). */
@Injectable()
export abstract class RegisteredPageArea implements PageArea, OnModuleInit {
  abstract readonly prefix: string;

  constructor(private readonly registry: PageAreas) {}

  onModuleInit(): void {
    this.registry.register(this);
  }
}
