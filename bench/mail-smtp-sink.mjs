// A tiny SMTP sink for the mail bench and tests: accepts every message on 127.0.0.1, keeps what
// arrived in order, and can stop answering (pause) so a backlog builds up in the outbox.
import { createServer } from 'node:net';

/**
 * Starts the sink on a free port (or `port`). Returns { url, port, messages, paused, pause(),
 * resume(), waitFor(n, timeoutMs), close() }; each message is { at, data } with `at` in ms.
 * `latencyMs` answers each message after that long (a relay further away); 0 by default.
 */
export async function startSmtpSink({ port = 0, latencyMs = 0 } = {}) {
  const messages = [];
  const held = new Set();
  const sockets = new Set();
  const waiters = [];
  let paused = false;

  const notify = () => {
    for (const waiter of [...waiters]) {
      if (messages.length >= waiter.n) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  const greet = (socket) => socket.write('220 sink ESMTP\r\n');

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let data = '';
    let greeted = false;

    /** Answers every complete command in the buffer (nothing while paused). */
    const work = () => {
      if (paused) {
        held.add(work);
        return;
      }
      if (!greeted) {
        greeted = true;
        greet(socket);
      }
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const message = { at: Date.now(), data };
          data = '';
          const accept = () => {
            messages.push(message);
            socket.write('250 OK queued\r\n');
            notify();
          };
          if (latencyMs > 0) setTimeout(accept, latencyMs);
          else accept();
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-sink\r\n250-PIPELINING\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    };
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      work();
    });
    work();
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = server.address().port;

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    messages,
    /** Stops answering, on open connections and new ones, until resume(). */
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      const waiting = [...held];
      held.clear();
      for (const work of waiting) work();
    },
    /** Resolves once `n` messages have arrived in all. */
    waitFor(n, timeoutMs = 60_000) {
      if (messages.length >= n) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const waiter = { n, resolve };
        waiters.push(waiter);
        setTimeout(() => reject(new Error(`only ${messages.length} of ${n} messages within ${timeoutMs} ms`)), timeoutMs).unref();
      });
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
