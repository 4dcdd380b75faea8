/**
 * How a replica is named in logs: host, port and database of its URL, never the user or password
 * (the URLs carry credentials). An unparsable URL is named by its position only.
 */
export function replicaLabel(url: string, index: number): string {
  try {
    const { hostname, port, pathname } = new URL(url);
    return `replica ${index + 1} (${hostname}:${port || '5432'}${pathname || '/'})`;
  } catch {
    return `replica ${index + 1}`;
  }
}
