import type { VNode } from 'preact';

/**
 * An e-mail address that may break only before its "@" ("einkauf.langer.name" / "@acme.example"),
 * never inside a word; any other text as it is.
 */
export function BreakableAddress(props: { text: string }): VNode {
  const at = props.text.indexOf('@');
  if (at <= 0) return <>{props.text}</>;
  return (
    <span class="address">
      <span>{props.text.slice(0, at)}</span>
      <wbr />
      <span>{props.text.slice(at)}</span>
    </span>
  );
}
