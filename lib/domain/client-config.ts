/**
 * Runtime configuration the browser needs. The server reads it from the environment at request time
 * (lib/config.ts) and hands it to the client providers as props, so nothing is baked in at build.
 */
export interface ClientConfig {
  siteName: string;
  /** Canonical origin, e.g. https://www.example.com (no trailing slash). */
  siteUrl: string;
  /** API hosts for the request layer; empty means same origin. */
  apiHosts: string[];
  intercomAppId: string | null;
  gaId: string | null;
  baiduTongjiId: string | null;
  supportEmail: string;
  /** AES-CBC key and IV for the device fingerprint payload (hex, 32 and 16 bytes). */
  fingerprintKey: string;
  fingerprintIv: string;
  /** Id of the running build, compared with /builds/latest.json. */
  buildId: string;
  /** true on the development host: the error reporter stays silent there. */
  isDevelopment: boolean;
}
