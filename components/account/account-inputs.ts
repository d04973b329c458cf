/** Characters as the reader counts them (an emoji or a CJK character is one). */
export function charCount(value: string): number {
  return Array.from(value).length;
}
