import { Client, DatabaseError } from 'pg';
import { chooseReplica, hasReplayed, isReplicaFailure, ReplicaState } from './replica-choice';

const usable = (catalogVersion: string): ReplicaState => ({ usable: true, catalogVersion });
const skipped = (catalogVersion: string): ReplicaState => ({ usable: false, catalogVersion });

describe('chooseReplica', () => {
  it('goes round the usable replicas from the cursor', () => {
    const states = [usable('5'), skipped('5'), usable('5')];
    expect(chooseReplica(states, 0)).toBe(0);
    expect(chooseReplica(states, 1)).toBe(2);
    expect(chooseReplica(states, 2)).toBe(2);
    expect(chooseReplica(states, 3)).toBe(0);
  });

  it('skips replicas that have not replayed the catalog version a cache will key the result by', () => {
    const states = [usable('4'), usable('5'), usable('6')];
    expect(chooseReplica(states, 0, '5')).toBe(1);
    expect(chooseReplica(states, 2, '5')).toBe(2);
    expect(chooseReplica(states, 0, '7')).toBeUndefined();
    // Compared as integers, not as text.
    expect(chooseReplica([usable('10')], 0, '9')).toBe(0);
  });

  it('answers "the primary" when none is usable or none is configured', () => {
    expect(chooseReplica([skipped('9'), skipped('9')], 0)).toBeUndefined();
    expect(chooseReplica([], 0)).toBeUndefined();
    expect(chooseReplica([{ usable: true, catalogVersion: undefined }], 0, '1')).toBeUndefined();
  });
});

describe('hasReplayed', () => {
  it('needs a known version at least the wanted one', () => {
    expect(hasReplayed('12', '12')).toBe(true);
    expect(hasReplayed('12', '100')).toBe(false);
    expect(hasReplayed(undefined, '1')).toBe(false);
    expect(hasReplayed('x', '1')).toBe(false);
  });
});

describe('isReplicaFailure', () => {
  const serverError = (code: string) => Object.assign(new DatabaseError('m', 0, 'error'), { code });

  it('retries on the primary for connection loss, shutdown and replay conflicts', () => {
    for (const code of ['08006', '08001', '57P01', '57P02', '57P03', '40001', '40P01']) {
      expect(isReplicaFailure(serverError(code))).toBe(true);
    }
  });

  it("leaves the read's own errors (timeouts, bad SQL, a write refused) alone", () => {
    for (const code of ['57014', '42601', '25006', '22P02']) {
      expect(isReplicaFailure(serverError(code))).toBe(false);
    }
    expect(isReplicaFailure('not an error')).toBe(false);
  });

  it('takes a refused connection for a replica failure (a real one: nothing listens on port 1)', async () => {
    const client = new Client({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 2_000 });
    const error: unknown = await client.connect().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(isReplicaFailure(error)).toBe(true);
  });
});
