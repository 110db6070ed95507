import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';

/**
 * A TCP proxy on loopback between the API and PostgreSQL (scenario 6). Each
 * chunk, in each direction, is held for a random 50–200 ms (order kept), and
 * while `resetRate` > 0 a chunk may instead reset the whole connection (RST to
 * both ends), as a flaky network or a dying middlebox would.
 */
export interface TcpProxy {
  port: number;
  /** Turns the faults on or off (off = a plain pass-through). */
  set(faults: { latency?: [number, number]; resetRate?: number }): void;
  stats(): { connections: number; resets: number; chunks: number };
  close(): Promise<void>;
}

export async function startTcpProxy(upstreamPort: number): Promise<TcpProxy> {
  let latency: [number, number] = [0, 0];
  let resetRate = 0;
  let connections = 0;
  let resets = 0;
  let chunks = 0;
  const open = new Set<Socket>();

  const reset = (a: Socket, b: Socket) => {
    resets++;
    for (const s of [a, b]) {
      if (s.destroyed) continue;
      // RST when the socket supports it (Node ≥ 16.17), else a plain close
      const r = (s as Socket & { resetAndDestroy?: () => void }).resetAndDestroy;
      if (r) r.call(s);
      else s.destroy();
    }
  };

  /** Forwards from → to, each chunk delayed, order kept. */
  const pipe = (from: Socket, to: Socket, pair: [Socket, Socket]) => {
    let last = 0;
    from.on('data', (chunk: Buffer) => {
      chunks++;
      if (resetRate > 0 && Math.random() < resetRate) {
        reset(...pair);
        return;
      }
      const [lo, hi] = latency;
      const delay = hi > 0 ? lo + Math.random() * (hi - lo) : 0;
      const at = Math.max(last, Date.now() + delay);
      last = at;
      const send = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (at <= Date.now()) send();
      else setTimeout(send, at - Date.now());
    });
  };

  const server: Server = createServer((client) => {
    connections++;
    const upstream = connect(upstreamPort, '127.0.0.1');
    open.add(client);
    open.add(upstream);
    const pair: [Socket, Socket] = [client, upstream];
    pipe(client, upstream, pair);
    pipe(upstream, client, pair);
    const end = () => {
      // let delayed chunks drain before closing the other side
      setTimeout(() => {
        client.destroy();
        upstream.destroy();
      }, latency[1] + 10);
    };
    for (const s of pair) {
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      s.on('end', end);
      s.on('close', () => open.delete(s));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    set: (f) => {
      if (f.latency) latency = f.latency;
      if (f.resetRate !== undefined) resetRate = f.resetRate;
    },
    stats: () => ({ connections, resets, chunks }),
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
