import { fc, test as propTest } from "@fast-check/jest";
import { base64FromBytes, bytesFromHex } from "./bytes";

describe("bytes", () => {
  propTest.prop([fc.uint8Array({ maxLength: 300 })])("base64 is Node's base64 of the same bytes", (bytes) => {
    expect(base64FromBytes(bytes)).toBe(Buffer.from(bytes).toString("base64"));
  });

  propTest.prop([fc.uint8Array({ maxLength: 64 })])("hex reads back to the bytes, in either case", (bytes) => {
    const hex = Buffer.from(bytes).toString("hex");
    expect(Array.from(bytesFromHex(hex))).toEqual(Array.from(bytes));
    expect(Array.from(bytesFromHex(hex.toUpperCase()))).toEqual(Array.from(bytes));
  });
});
