import fc from "fast-check";
import { clientAddressKey } from "./client-address";

/** Every way to write one IPv6 address: case, leading zeros, the longest or any run of zero groups as "::". */
function spellings(groups: number[]): string[] {
  const plain = groups.map((g) => g.toString(16));
  const padded = groups.map((g) => g.toString(16).padStart(4, "0"));
  const out = [plain.join(":"), padded.join(":"), padded.join(":").toUpperCase(), `[${plain.join(":")}]`, `[${plain.join(":")}]:8443`, `${plain.join(":")}%eth0`];
  for (let start = 0; start < 8; start++) {
    for (let end = start + 1; end <= 8; end++) {
      if (groups.slice(start, end).every((g) => g === 0) && end - start >= 1) {
        out.push(`${plain.slice(0, start).join(":")}::${plain.slice(end).join(":")}`);
      }
    }
  }
  return out;
}

const group = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff }));
const ipv6 = fc.array(group, { minLength: 8, maxLength: 8 }).filter((g) => !(g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff));

describe("clientAddressKey", () => {
  it("gives one key for every spelling of an IPv6 address", () => {
    fc.assert(
      fc.property(ipv6, (groups) => {
        const keys = new Set(spellings(groups).map(clientAddressKey));
        expect([...keys]).toEqual([clientAddressKey(groups.map((g) => g.toString(16)).join(":"))]);
        expect([...keys][0]).toMatch(/^[0-9a-f:]+::\/64$/);
      }),
      { numRuns: 300 },
    );
  });

  it("counts a whole /64 as one client and tells different /64s apart", () => {
    fc.assert(
      fc.property(ipv6, fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 4, maxLength: 4 }), (groups, host) => {
        // ::ffff:0:0/96 inside 0::/64 is IPv4, keyed as such
        fc.pre(!groups.slice(0, 4).every((g) => g === 0));
        const sibling = [...groups.slice(0, 4), ...host];
        expect(clientAddressKey(sibling.map((g) => g.toString(16)).join(":"))).toBe(clientAddressKey(groups.map((g) => g.toString(16)).join(":")));
        const neighbour = [...groups.slice(0, 3), (groups[3]! + 1) % 0x10000, ...groups.slice(4)];
        expect(clientAddressKey(neighbour.map((g) => g.toString(16)).join(":"))).not.toBe(clientAddressKey(groups.map((g) => g.toString(16)).join(":")));
      }),
      { numRuns: 300 },
    );
  });

  it("reads IPv4, with a port, and IPv4-mapped IPv6 as the same IPv4 client", () => {
    for (const spelling of ["203.0.113.7", " 203.0.113.7 ", "203.0.113.7:51234", "::ffff:203.0.113.7", "::FFFF:cb00:7107", "[::ffff:203.0.113.7]:443", "0:0:0:0:0:ffff:203.0.113.7"]) {
      expect([spelling, clientAddressKey(spelling)]).toEqual([spelling, "203.0.113.7"]);
    }
    expect(clientAddressKey("::1")).toBe("0:0:0:0::/64");
    expect(clientAddressKey("2001:db8::1")).toBe(clientAddressKey("2001:0DB8:0000:0000:ffff:0:0:1"));
  });

  it("refuses what is not an address", () => {
    for (const junk of ["", "unknown", "256.1.1.1", "1.2.3", "1:2:3:4:5:6:7:8:9", "1::2::3", "g::1", "::ffff:1.2.3.999", "a".repeat(200), "1.2.3.4, 5.6.7.8", null, undefined]) {
      expect([junk, clientAddressKey(junk)]).toEqual([junk, null]);
    }
  });

  it("never throws and keys anything it accepts in a canonical form", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const key = clientAddressKey(text);
        if (key !== null) expect(clientAddressKey(key.replace("::/64", "::"))).toBe(key);
      }),
      { numRuns: 500 },
    );
  });
});
