/** Types of postgres-standby.js for the TypeScript tests. */
export interface PrimaryAndStandby {
  primaryUrl(database: string): string;
  standbyUrl(database: string): string;
  /** The standby's server log (every statement, when started with logStatements). */
  standbyLog(): Promise<string>;
  /** A fast shutdown of the standby (its connections are ended, new ones refused). */
  stopStandby(): Promise<void>;
  /** Stops both and removes their data (always call it: no server outlives its user). */
  stop(): Promise<void>;
}

export function startPrimaryAndStandby(options?: { logStatements?: boolean }): Promise<PrimaryAndStandby>;

export function createReplicatedDatabase(servers: PrimaryAndStandby, database: string): Promise<void>;
