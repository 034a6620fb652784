import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * 32 random bytes, URL-safe: the secret in the printed URL, and (another one) the session
 * cookie's value. The two are never the same: the URL token can end up in shell history, logs and
 * screenshots; the cookie is HttpOnly and never shown.
 */
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

export function sessionCookie(port: number, secret: string): string {
  return `${sessionCookieName(port)}=${secret}; Path=/; HttpOnly; SameSite=Strict`;
}

/**
 * Where the token exchange redirects: the same path and query on this host, whatever the request
 * said. `/.//evil.com/` parses to the path `//evil.com/`, which a browser would read as another
 * host (a protocol-relative URL): leading slashes and backslashes collapse to one slash.
 */
export function sameHostLocation(url: URL): string {
  return '/' + url.pathname.replace(/^[/\\]+/, '') + url.search;
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
