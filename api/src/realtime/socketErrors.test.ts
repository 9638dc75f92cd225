import type { FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { handleSocketError } from "./socketErrors";

/** A request whose logger records calls, and a socket that records terminate. */
function fakes() {
  const calls: { level: string; obj: Record<string, unknown> }[] = [];
  const log = {
    warn: (obj: Record<string, unknown>) => calls.push({ level: "warn", obj }),
    error: (obj: Record<string, unknown>) => calls.push({ level: "error", obj }),
  };
  const socket = {
    terminated: false,
    terminate() {
      this.terminated = true;
    },
  };
  return { calls, socket, request: { log, ip: "10.0.0.9" } as unknown as FastifyRequest };
}

describe("handleSocketError (issue #7)", () => {
  it("logs a frame over maxPayload at warn with its code, without a stack, and lets ws close it (1009)", () => {
    const { calls, socket, request } = fakes();
    const err = Object.assign(new RangeError("Max payload size exceeded"), {
      code: "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH",
    });
    handleSocketError(err, socket as unknown as WebSocket, request);
    expect(calls).toEqual([
      {
        level: "warn",
        obj: { code: "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH", reason: "Max payload size exceeded", ip: "10.0.0.9" },
      },
    ]);
    expect(JSON.stringify(calls)).not.toContain("stack");
    expect(socket.terminated).toBe(false);
  });

  it("logs anything else as an error with the error itself", () => {
    const { calls, socket, request } = fakes();
    const err = new Error("boom");
    handleSocketError(err, socket as unknown as WebSocket, request);
    expect(calls).toEqual([{ level: "error", obj: { err } }]);
    expect(socket.terminated).toBe(true);
  });
});
