import type { VNode } from 'preact';

/**
 * An e-mail address that may break only before its "@" ("einkauf.langer.name" / "@acme.example"),
 * never inside a word; any other text (a name with spaces, no "@") as it is.
 */
export function BreakableAddress(props: { text: string }): VNode {
  const at = props.text.indexOf('@');
  // Not an address ("Kommandozeile (root@vm)" has words around it): as it is.
  if (at <= 0 || /\s/.test(props.text)) return <>{props.text}</>;
  return (
    <span class="address">
      <span>{props.text.slice(0, at)}</span>
      <wbr />
      <span>{props.text.slice(at)}</span>
    </span>
  );
}
