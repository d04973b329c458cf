/**
 * The key a per-address limit counts under (docs/security.md, "Client addresses"). One IPv4 address is one client;
 * an IPv6 client is its /64, the block one subscriber line or one cloud machine gets, so walking through the 2^64
 * addresses of one's own block is still one client. Every spelling of an address gives the same key: upper or lower
 * case, zeros shortened or not, `::` anywhere, brackets, a port, a zone, IPv4-mapped (`::ffff:203.0.113.7`) as
 * IPv4. What is not an address gives null.
 */
export function clientAddressKey(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let text = raw.trim();
  if (text.length === 0 || text.length > 100) return null;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  text = text.replace(/%[\w.-]+$/, "").toLowerCase();
  const v4 = ipv4(text);
  if (v4) return v4.join(".");
  const groups = ipv6Groups(text);
  if (!groups) return null;
  // ::ffff:a.b.c.d — an IPv4 client reaching an IPv6 socket
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

function ipv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const octets = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return octets.every((o) => o >= 0 && o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address in any of its spellings (RFC 4291 §2.2), or null. */
function ipv6Groups(text: string): number[] | null {
  if (!text.includes(":")) return null;
  let head = text;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(":");
  const trailing = text.slice(lastColon + 1);
  if (trailing.includes(".")) {
    const v4 = ipv4(trailing);
    if (!v4) return null;
    tail = [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
    head = text.slice(0, lastColon + 1);
    // drop the colon before the dotted part, unless it is half of a "::"
    if (!head.endsWith("::")) head = head.slice(0, -1);
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === "") return [];
    const groups = part.split(":");
    if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
    return groups.map((g) => parseInt(g, 16));
  };
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  if (!left || !right) return null;
  const known = left.length + right.length + tail.length;
  if (halves.length === 1) return known === 8 ? [...left, ...tail] : null;
  if (known > 7) return null;
  return [...left, ...new Array<number>(8 - known).fill(0), ...right, ...tail];
}
