/** Where /auth sends the user after signing in: `?from=` holds the path they were going to. */
export const AUTH_PATH = '/auth';

export function authPathFrom(target: string): string {
  if (!target || target === '/' || target.startsWith(AUTH_PATH)) return AUTH_PATH;
  return `${AUTH_PATH}?from=${encodeURIComponent(target)}`;
}

/** Only same-site paths are followed, so `?from=` cannot send the user to another site. */
export function safeReturnPath(from: string | null): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith(AUTH_PATH)) return '/';
  return from;
}
