import { createServer } from 'node:net';

/** Asks the OS for a free TCP port on 127.0.0.1 (released again before it is returned). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('Could not read the port the OS assigned.'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}
