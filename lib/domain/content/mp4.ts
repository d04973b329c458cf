/** Whether bytes start like an MP4 (ISO base media) file: a box of type `ftyp` first. */
export function looksLikeMp4(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  return String.fromCharCode(bytes[4]!, bytes[5]!, bytes[6]!, bytes[7]!) === "ftyp";
}
