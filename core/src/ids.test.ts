import { isUuid } from "./ids";

describe("isUuid", () => {
  it("accepts UUIDs in any case and nothing else", () => {
    expect(isUuid("0b5c8f5e-1d2a-4b6c-9e7f-8a9b0c1d2e3f")).toBe(true);
    expect(isUuid("0B5C8F5E-1D2A-4B6C-9E7F-8A9B0C1D2E3F")).toBe(true);
    expect(isUuid("------------------------------------")).toBe(false);
    expect(isUuid("not-a-uuid")).toBe(false);
    expect(isUuid("0b5c8f5e-1d2a-4b6c-9e7f-8a9b0c1d2e3f ")).toBe(false);
  });
});
