import fs from 'node:fs/promises';
import { contentSecurityPolicy, hardeningHeaders } from '../web-host/csp';
import { mimeTypeFor, resolveStaticFile } from '../web-host/static-files';

/**
 * The window loads the renderer from `app://workbench/`, not file://: a real origin that the IPC
 * sender check can recognise, response headers for the CSP, and no access to other local files.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'workbench';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** True for a URL of our own renderer, and nothing else (not file:, not another app: host). */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

/** Serves renderer/dist for `protocol.handle`: plain web Request in, Response out. */
export function createAppProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const headers = { 'Content-Type': 'text/plain; charset=utf-8', ...hardeningHeaders };
    if (!isAppUrl(request.url)) return new Response('not found', { status: 404, headers });
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('method not allowed', { status: 405, headers });
    const file = await resolveStaticFile(rendererDir, new URL(request.url).pathname);
    if (!file) return new Response('not found', { status: 404, headers });
    const body = request.method === 'HEAD' ? null : await fs.readFile(file);
    return new Response(body, {
      status: 200,
      headers: { ...hardeningHeaders, 'Content-Type': mimeTypeFor(file), 'Content-Security-Policy': contentSecurityPolicy() },
    });
  };
}
