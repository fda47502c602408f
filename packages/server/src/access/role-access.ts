import { type AccessMode, APPLICATIONS, type AppAccess, type RoleAccess } from '@switchboard/model';

const isMode = (v: unknown): v is AccessMode => v === 1 || v === 2 || v === 3;

/** Application and section access over several roles: for each, the highest mode wins. */
export function mergeAccess(list: { access: Record<string, unknown> }[]): RoleAccess {
  const out: RoleAccess = {};
  for (const meta of list) {
    for (const app of APPLICATIONS) {
      const raw = meta.access?.[app] as Partial<AppAccess> | undefined;
      if (!raw || !isMode(raw.access)) continue;
      const merged: AppAccess = out[app] ?? { access: 1 };
      merged.access = Math.max(merged.access, raw.access) as AccessMode;
      for (const [section, mode] of Object.entries(raw.sections ?? {})) {
        if (!isMode(mode)) continue;
        merged.sections ??= {};
        merged.sections[section] = Math.max(merged.sections[section] ?? 1, mode) as AccessMode;
      }
      out[app] = merged;
    }
  }
  return out;
}
