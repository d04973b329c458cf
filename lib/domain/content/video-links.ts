/**
 * Videos kept in the site's object storage (ADR 0066): an article names one as `/api/videos/<name>.mp4`, and a viewer
 * allowed to watch gets that address with an expiry and a signature, so the file reaches nobody else, whoever has seen
 * the address. Pure: signing itself is lib/server/content/video-links.ts.
 */
export const STORED_VIDEO_PREFIX = "/api/videos/";

/** How long a signed address plays: longer than any lesson, short enough that a shared link dies the same day. */
export const VIDEO_LINK_SECONDS = 4 * 3600;

/** Names the CLI gives (32 hex digits) and the demo videos' (`demo-…`): nothing that could leave the videos folder. */
export const STORED_VIDEO_NAME = /^(?:[0-9a-f]{32}|demo-[a-z0-9-]{1,60})\.mp4$/;

/** The stored video an address names (its file name), or null when it names something else. */
export function storedVideoName(address: string): string | null {
  if (!address.startsWith(STORED_VIDEO_PREFIX)) return null;
  const name = address.slice(STORED_VIDEO_PREFIX.length);
  return STORED_VIDEO_NAME.test(name) ? name : null;
}

/** What the signature covers: the name and the expiry, so neither can be changed. */
export function videoLinkPayload(name: string, expiresAt: number): string {
  return `video:${name}:${expiresAt}`;
}

export function signedVideoAddress(name: string, expiresAt: number, signature: string): string {
  return `${STORED_VIDEO_PREFIX}${name}?e=${expiresAt}&s=${signature}`;
}
