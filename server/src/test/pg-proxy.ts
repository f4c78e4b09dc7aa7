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
  /**
   * The next COMMIT any client sends loses its connection: `before` it reaches the server (the
   * transaction rolls back) or `after` (it commits, and the client cannot know: an unknown outcome).
   * With `skip`, that many COMMITs pass first (to reach the second or third of one request);
   * `null` calls off a cut that has not happened.
   */
  cutNextCommit(when: CommitCut | null, skip?: number): void;
  /** True while a cut asked for has not happened yet (the request sent fewer COMMITs). */
  readonly commitCutArmed: boolean;
  /** Accepts connections again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export type CommitCut = 'before' | 'after';

const QUERY = 'Q'.charCodeAt(0);
const SYNC = 'S'.charCodeAt(0);

/** A simple Query or a Parse whose statement is COMMIT (Drizzle's, at the end of a transaction). */
function isCommit(message: Buffer): boolean {
  const type = String.fromCharCode(message[0] ?? 0);
  const body = message.subarray(1 + LENGTH_BYTES);
  const cstrings = body.toString('utf8').split('\0');
  const text = type === 'Q' ? cstrings[0] : type === 'P' ? cstrings[1] : undefined;
  return text !== undefined && /^\s*commit\s*;?\s*$/i.test(text);
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
  let commitCut: CommitCut | null = null;
  let commitsToSkip = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    /** Set when the proxy ends the upstream on purpose: its queued bytes must still go out. */
    let ending = false;
    const forget = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      if (!ending) upstream.destroy();
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
    // Until the StartupMessage has passed, packets carry no type byte (SSLRequest, StartupMessage).
    let untyped = true;
    /** An extended-protocol COMMIT was let through: cut once its Sync has passed too. */
    let cutAtSync = false;
    let buffered: Buffer = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const out: Buffer[] = [];
      for (;;) {
        if (untyped) {
          if (buffered.length < LENGTH_BYTES * 2) break;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) break;
          let packet: Buffer = buffered.subarray(0, length);
          buffered = buffered.subarray(length);
          if (packet.readInt32BE(LENGTH_BYTES) === PROTOCOL_3) {
            if (options !== undefined) packet = withOptions(packet, options);
            untyped = false;
          }
          out.push(packet);
          continue;
        }
        if (buffered.length < 1 + LENGTH_BYTES) break;
        const length = 1 + buffered.readInt32BE(1);
        if (buffered.length < length) break;
        const message = buffered.subarray(0, length);
        buffered = buffered.subarray(length);
        let cutNow = false;
        if (commitCut !== null && isCommit(message) && commitsToSkip > 0) {
          commitsToSkip -= 1;
          out.push(message);
        } else if (commitCut !== null && isCommit(message)) {
          // The connection dies at COMMIT: before it reaches the server (which then rolls the
          // transaction back) or right after (the server commits; the client never hears).
          const when = commitCut;
          commitCut = null;
          if (when === 'before') cutNow = true;
          else {
            out.push(message);
            // A simple Query runs at once; an extended one (Parse) runs at its Sync.
            if (message[0] === QUERY) cutNow = true;
            else cutAtSync = true;
          }
        } else {
          out.push(message);
          if (cutAtSync && message[0] === SYNC) cutNow = true;
        }
        if (cutNow) {
          ending = true;
          upstream.end(Buffer.concat(out));
          client.destroy();
          return;
        }
      }
      if (out.length > 0) upstream.write(Buffer.concat(out));
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!client.destroyed) client.write(chunk);
    });
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
    cutNextCommit(when, skip = 0) {
      commitCut = when;
      commitsToSkip = skip;
    },
    get commitCutArmed() {
      return commitCut !== null;
    },
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
