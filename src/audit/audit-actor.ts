import { hostname, userInfo } from 'node:os';
import type { Principal } from '../auth/principal';
import { AuditActor } from './audit-event';

/** The actor of a change made through the API: the user, and the client the token was issued to. */
export function principalActor(principal: Pick<Principal, 'userId' | 'clientId'>): AuditActor {
  return { userId: principal.userId, clientId: principal.clientId };
}

/** `cli:<OS user>@<host>`: who ran an operator command (the audit trail's label for CLI changes). */
export function cliActorLabel(env: NodeJS.ProcessEnv): string {
  let name: string | undefined;
  try {
    name = userInfo().username;
  } catch {
    name = env.USER ?? env.LOGNAME;
  }
  let host: string;
  try {
    host = hostname();
  } catch {
    host = 'unknown-host';
  }
  return `cli:${(name || 'unknown').slice(0, 150)}@${host.slice(0, 150)}`;
}

/** Changes the gateway makes on its own (the demo seed at first start). */
export const systemActor = (what: string): AuditActor => ({ label: `system:${what}` });
