import { randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, URL-safe: the secret in the printed URL. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokensMatch(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Cookies are shared by every port of a host, so the name carries the port: two workbenches on
 * 127.0.0.1 never overwrite each other's session.
 */
export function sessionCookieName(port: number): string {
  return `workbench-session-${port}`;
}

export function sessionCookie(port: number, token: string): string {
  return `${sessionCookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`;
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The Host header must name this loopback server: a page on another site that resolves its own
 * name to 127.0.0.1 (DNS rebinding) sends its own name and is refused.
 */
export function isOwnHost(hostHeader: string | undefined, port: number): boolean {
  return hostHeader === `127.0.0.1:${port}` || hostHeader === `localhost:${port}`;
}

/** A WebSocket must come from a page this server served: same scheme, host and port. */
export function isOwnOrigin(originHeader: string | undefined, hostHeader: string | undefined, port: number): boolean {
  return isOwnHost(hostHeader, port) && originHeader === `http://${hostHeader}`;
}
