import { Layout } from '../web/layout';
import type { PageLanguage } from '../web/language';
import type { HomeMessages } from './home.messages';

/** The front door: what this gateway is, its version, and where each kind of visitor goes. */
export function HomePage(props: {
  lang: PageLanguage;
  text: HomeMessages;
  version: string;
  testBench: boolean;
}) {
  const { text } = props;
  const links = [
    { href: '/docs', name: text.apiDocs, hint: text.apiDocsHint },
    { href: '/audit/console', name: text.console, hint: text.consoleHint },
    ...(props.testBench ? [{ href: '/test-bench', name: text.testBench, hint: text.testBenchHint }] : []),
    { href: '/readyz', name: text.health, hint: text.healthHint },
  ];
  return (
    <Layout lang={props.lang} title={text.title}>
      <h1>{text.title}</h1>
      <p class="muted home-version">{text.version(props.version)}</p>
      <p>{text.intro}</p>
      <h2>{text.linksHeading}</h2>
      <ul class="cards home-links">
        {links.map((link) => (
          <li key={link.href} class="card">
            <a href={link.href}>
              <strong>{link.name}</strong>
            </a>
            <p class="muted">{link.hint}</p>
          </li>
        ))}
      </ul>
      <p class="muted">{text.buyersNote}</p>
    </Layout>
  );
}
