import type { Application } from '@switchboard/model';
import { createContext, type ReactNode, useContext } from 'react';

/** Runtime configuration served at /config.json: the API base and the hub's application links. */
export type AppConfig = { apiBase: string; apps: Partial<Record<Application, string>> };

export const DEFAULT_CONFIG: AppConfig = { apiBase: '/api', apps: { admin: '/start' } };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads /config.json; a missing or broken file leaves the defaults, so the console still mounts. */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  try {
    const response = await fetchImpl('/config.json', { cache: 'no-store' });
    if (!response.ok) return DEFAULT_CONFIG;
    const data: unknown = await response.json();
    if (!isRecord(data)) return DEFAULT_CONFIG;
    const apps: AppConfig['apps'] = { ...DEFAULT_CONFIG.apps };
    if (isRecord(data.apps)) {
      for (const [key, value] of Object.entries(data.apps))
        if (typeof value === 'string') apps[key as Application] = value;
    }
    return { apiBase: typeof data.apiBase === 'string' ? data.apiBase : DEFAULT_CONFIG.apiBase, apps };
  } catch {
    return DEFAULT_CONFIG;
  }
}

const ConfigContext = createContext<AppConfig>(DEFAULT_CONFIG);

export function ConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export const useAppConfig = () => useContext(ConfigContext);
