import { SocketCounter } from "./socketCounter";

describe("SocketCounter: a cap of open sockets per key (issue #7)", () => {
  it("gives up to max slots per key, each released once", () => {
    const counter = new SocketCounter(2);
    const first = counter.acquire("10.0.0.1");
    const second = counter.acquire("10.0.0.1");
    expect(first && second).toBeTruthy();
    expect(counter.acquire("10.0.0.1")).toBeNull();
    expect(counter.acquire("10.0.0.2")).not.toBeNull();
    first?.();
    first?.();
    expect(counter.count("10.0.0.1")).toBe(1);
    expect(counter.acquire("10.0.0.1")).not.toBeNull();
    expect(counter.acquire("10.0.0.1")).toBeNull();
  });
});
