/** Colour helpers for themed components (SPEC §2: the popup's gradient lightens the theme colour by 10%). */

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Parses `#rgb` or `#rrggbb` (the `#` optional) into channels, or null. */
export function parseHex(hex: string): [number, number, number] | null {
  const match = HEX.exec(hex.trim());
  if (!match) return null;
  let digits = match[1]!;
  if (digits.length === 3) digits = digits.replace(/./g, (d) => d + d);
  const n = parseInt(digits, 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

export function toHex([r, g, b]: readonly [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, "0")).join("")}`;
}

/**
 * Lightens a colour by mixing it with white: each channel moves `amount` (0–1) of the way to 255,
 * so `lighten(c, 0.1)` is "10% lighter" without shifting the hue. Returns lower-case `#rrggbb`.
 * A value that is not a hex colour (a CSS name, `rgb()`, a variable) is returned unchanged.
 */
export function lighten(hex: string, amount: number): string {
  const rgb = parseHex(hex);
  if (!rgb) return hex;
  const t = Math.min(1, Math.max(0, Number.isFinite(amount) ? amount : 0));
  return toHex(rgb.map((c) => c + (255 - c) * t) as [number, number, number]);
}
