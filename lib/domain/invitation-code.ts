/** Invitation codes: 8 characters without look-alikes (no 0/O, 1/I/L), easy to read aloud and type on a phone. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const INVITATION_CODE_LENGTH = 8;

export function invitationCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < INVITATION_CODE_LENGTH) throw new Error(`need ${INVITATION_CODE_LENGTH} random bytes`);
  return Array.from(bytes.slice(0, INVITATION_CODE_LENGTH), (b) => ALPHABET[b % ALPHABET.length]).join("");
}
