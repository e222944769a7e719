import os from 'node:os';

/** The first external IPv4 address of this host, as the server-health page shows it. */
export function serverIp(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return '127.0.0.1';
}
