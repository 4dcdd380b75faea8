import type { ComponentChildren } from 'preact';
import { PageLanguage } from './language';

export interface LayoutProps {
  lang: PageLanguage;
  title: string;
  /** Extra stylesheets under /assets (the base app.css is always linked). */
  styles?: string[];
  /** Progressive-enhancement scripts under /assets; pages must work without them. */
  scripts?: string[];
  /** Above the main content: a site header or navigation. */
  header?: ComponentChildren;
  children?: ComponentChildren;
}

const SKIP_LINK: Record<PageLanguage, string> = { en: 'Skip to content', de: 'Zum Inhalt springen' };

/** The frame of every page: language, viewport, our stylesheet and scripts, a skip link, one <main>. */
export function Layout(props: LayoutProps) {
  return (
    <html lang={props.lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>{props.title}</title>
        <link rel="stylesheet" href="/assets/app.css" />
        {(props.styles ?? []).map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {(props.scripts ?? []).map((src) => (
          <script key={src} src={src} defer />
        ))}
      </head>
      <body>
        <a class="skip-link" href="#main">
          {SKIP_LINK[props.lang]}
        </a>
        {props.header}
        <main id="main" tabIndex={-1}>
          {props.children}
        </main>
      </body>
    </html>
  );
}
