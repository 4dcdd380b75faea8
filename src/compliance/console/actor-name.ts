import type { ConsoleMessages } from './console-messages';

/**
 * Who made a change, as an auditor reads it: the e-mail of a user; for a recorded label, the command
 * line's operator (`cli:<OS user>@<host>`) or the gateway itself (`system:<what>`) in the reader's
 * words; anything else as it was recorded.
 */
export function actorName(
  actor: { email?: string | null; label?: string | null; userId?: string | null },
  text: ConsoleMessages,
): string {
  if (actor.email) return actor.email;
  const label = actor.label;
  if (!label) return actor.userId ?? text.administration.unknownActor;
  const [kind, ...rest] = label.split(':');
  const what = rest.join(':');
  if (kind === 'cli' && what) return text.administration.commandLine(what);
  if (kind === 'system' && what)
    return text.administration.gateway(text.administration.systemTasks[what] ?? what);
  return label;
}
