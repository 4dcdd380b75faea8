import { replicaLabel } from './replica-label';

describe('replicaLabel', () => {
  it('names a replica by host, port and database, never by user or password', () => {
    const label = replicaLabel(
      'postgresql://gateway:s3cr%40t@standby-2.internal:6432/gateway?sslmode=require',
      1,
    );
    expect(label).toBe('replica 2 (standby-2.internal:6432/gateway)');
    expect(label).not.toMatch(/s3cr|gateway:|sslmode/);
  });

  it('gives the default port, and only the position for a URL it cannot read', () => {
    expect(replicaLabel('postgres://u:p@db/gw', 0)).toBe('replica 1 (db:5432/gw)');
    expect(replicaLabel('postgres://u:p@[not a host/gw', 2)).toBe('replica 3');
  });
});
