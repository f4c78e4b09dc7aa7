import net from 'node:net';

/** The protocol version in a StartupMessage (3.0); other first packets (SSLRequest) pass as they are. */
const PROTOCOL_3 = 196_608;
const LENGTH_BYTES = 4;

/**
 * A TCP proxy in front of the test PostgreSQL, standing in for one node of a formation: it can
 * make every session read-only (as a draining primary is), be stopped (a lost node: connections
 * cut, new ones refused) and started again on the same port.
 */
export interface PgProxy {
  port: number;
  /** Cuts every proxied connection and refuses new ones. */
  stop(): Promise<void>;
  /** Refuses new connections; those already open keep working. */
  refuseNew(): Promise<void>;
  /** Accepts connections again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Adds `options` (e.g. `-c default_transaction_read_only=on`) to a client's StartupMessage. */
function withOptions(packet: Buffer, options: string): Buffer {
  if (packet.readInt32BE(LENGTH_BYTES) !== PROTOCOL_3) return packet;
  const extra = Buffer.from(`options\0${options}\0`, 'utf8');
  // The parameter list ends with one zero byte: insert before it.
  const body = Buffer.concat([packet.subarray(0, packet.length - 1), extra, Buffer.from([0])]);
  body.writeInt32BE(body.length, 0);
  return body;
}

export async function startPgProxy(
  target: { host: string; port: number },
  options?: string,
): Promise<PgProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const forget = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
    let pending = Buffer.alloc(0);
    let started = options === undefined;
    client.on('data', (chunk: Buffer) => {
      if (started) {
        upstream.write(chunk);
        return;
      }
      pending = Buffer.concat([pending, chunk]);
      if (pending.length < LENGTH_BYTES * 2) return;
      const length = pending.readInt32BE(0);
      if (pending.length < length) return;
      const first = pending.subarray(0, length);
      const rest = pending.subarray(length);
      upstream.write(withOptions(first, options ?? ''));
      if (rest.length > 0) upstream.write(rest);
      pending = Buffer.alloc(0);
      // An SSLRequest is answered and followed by the real StartupMessage.
      started = first.readInt32BE(LENGTH_BYTES) === PROTOCOL_3;
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
  });
  let port = 0;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server.listening) {
        resolve();
        return;
      }
      server.close(() => resolve());
    });
  // `close` stops accepting at once; its callback would wait for the open connections to end.
  const refuseNew = async () => {
    server.close();
  };
  await start();
  return {
    refuseNew,
    get port() {
      return port;
    },
    start,
    stop,
    close: stop,
  };
}

/** A port on 127.0.0.1 where nothing listens: connections to it are refused. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
