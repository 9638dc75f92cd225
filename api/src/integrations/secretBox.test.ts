import { randomBytes } from "node:crypto";
import { keyIdOf, open, SecretBoxError, seal } from "./secretBox";

describe("secretBox (issue #12: AES-256-GCM under INTEGRATIONS_KEY, rotatable)", () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  it("seals with a fresh IV and the key's id, and opens again", () => {
    const a = seal("ATATT-token", { current: oldKey, previous: [] });
    const b = seal("ATATT-token", { current: oldKey, previous: [] });
    expect(a).not.toBe(b);
    expect(a).not.toContain("ATATT");
    expect(a.split(".")[1]).toBe(keyIdOf(oldKey));
    expect(open(a, { current: oldKey, previous: [] })).toBe("ATATT-token");
  });

  it("opens what an older key sealed while it is listed as previous, and not after", () => {
    const sealed = seal("ATATT-token", { current: oldKey, previous: [] });
    expect(open(sealed, { current: newKey, previous: [oldKey] })).toBe("ATATT-token");
    expect(() => open(sealed, { current: newKey, previous: [] })).toThrow(SecretBoxError);
  });

  it("refuses a tampered or malformed text", () => {
    const sealed = seal("ATATT-token", { current: oldKey, previous: [] });
    const parts = sealed.split(".");
    const data = Buffer.from(parts[4] ?? "", "base64url");
    data[0] = (data[0] ?? 0) ^ 1;
    parts[4] = data.toString("base64url");
    expect(() => open(parts.join("."), { current: oldKey, previous: [] })).toThrow(SecretBoxError);
    expect(() => open("plain-token", { current: oldKey, previous: [] })).toThrow(SecretBoxError);
  });
});
