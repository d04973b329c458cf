"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { ClientConfig } from "@/lib/domain/client-config";

const ClientConfigContext = createContext<ClientConfig | null>(null);

/** Runtime configuration for client leaves that cannot receive it as props (error boundaries). */
export function ClientConfigProvider({ config, children }: { config: ClientConfig; children: ReactNode }) {
  return <ClientConfigContext.Provider value={config}>{children}</ClientConfigContext.Provider>;
}

export function useClientConfig(): Pick<ClientConfig, "supportEmail" | "intercomAppId"> & Partial<ClientConfig> {
  return useContext(ClientConfigContext) ?? { supportEmail: "", intercomAppId: null };
}
