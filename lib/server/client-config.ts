import "server-only";
import { config } from "@/lib/config";
import type { ClientConfig } from "@/lib/domain/client-config";
import { currentBuildId } from "./build-info";

/** What the browser needs of the configuration, read at request time (never baked into the build). */
export function clientConfig(): ClientConfig {
  const c = config();
  return {
    siteName: c.siteName,
    siteUrl: c.siteUrl,
    apiHosts: c.apiHosts,
    intercomAppId: c.intercomAppId,
    gaId: c.gaId,
    baiduTongjiId: c.baiduTongjiId,
    supportEmail: c.supportEmail,
    fingerprintKey: c.fingerprintKey,
    fingerprintIv: c.fingerprintIv,
    buildId: currentBuildId(),
    isDevelopment: c.nodeEnv === "development",
  };
}
