import net from "node:net";

/**
 * A raw TCP connection to a test server, for what fetch cannot do (issue #23): send part of a
 * request, trickle bytes, and watch what the server answers and when it hangs up.
 */
export interface RawConnection {
  /** Sends bytes as they are; nothing once the connection has closed. */
  write(data: string | Buffer): void;
  /** Everything the server sent so far, as latin1 text. */
  received(): string;
  /** Resolves with everything received once it contains `text` (rejects if the connection closes first). */
  until(text: string): Promise<string>;
  /** Resolves with everything received once the connection has closed, whichever side closed it. */
  closed: Promise<string>;
  /** Whether the connection is closed. */
  isClosed(): boolean;
  /** Closes this side at once. */
  destroy(): void;
}

/** Opens a TCP connection to the host and port of `baseUrl` (`http://127.0.0.1:1234`). */
export function openRawConnection(baseUrl: string): Promise<RawConnection> {
  const url = new URL(baseUrl);
  const socket = net.connect({ host: url.hostname, port: Number(url.port) });
  let text = "";
  let isClosed = false;
  const waiters = new Set<() => void>();
  socket.on("data", (chunk) => {
    text += chunk.toString("latin1");
    for (const wake of [...waiters]) wake();
  });
  socket.on("error", () => undefined);
  const closed = new Promise<string>((resolve) => {
    socket.once("close", () => {
      isClosed = true;
      for (const wake of [...waiters]) wake();
      resolve(text);
    });
  });
  const connection: RawConnection = {
    write(data) {
      if (!socket.destroyed && socket.writable) socket.write(data);
    },
    received: () => text,
    until(wanted) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (text.includes(wanted)) {
            waiters.delete(check);
            resolve(text);
          } else if (isClosed) {
            waiters.delete(check);
            reject(new Error(`connection closed before ${JSON.stringify(wanted)}; received ${JSON.stringify(text)}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    closed,
    isClosed: () => isClosed,
    destroy: () => socket.destroy(),
  };
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(connection));
    socket.once("error", reject);
  });
}

/** The status code of the first response in `text` (`HTTP/1.1 401 ...`), or 0 when there is none. */
export const statusOf = (text: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
