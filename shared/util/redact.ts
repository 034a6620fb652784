/**
 * The one redaction of credentials out of text that leaves the host (messages, health rows, logs):
 * a URL's `user:password@`, and every given secret (an API key, a URL's user and password) in each
 * form a server may echo it in: as given, URL-encoded, JSON-escaped, and in base64 (a `Basic`
 * header is base64 of `user:password`; a secret inside a longer base64 text shows in one of three
 * alignments). Callers redact a foreign text before cutting it: cut first, a secret straddling the
 * cut would keep its first characters (issue 36).
 */
import { utf8Encode } from './utf8';

/** What a redacted secret or URL credential becomes. */
export const REDACTED = '***';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of bytes, padded (btoa is neither in ES2022 nor for non-Latin-1 text). */
export function base64Of(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += BASE64[(n >> 18) & 63]! + BASE64[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? BASE64[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? BASE64[n & 63]! : '=';
  }
  return out;
}

/**
 * The base64 characters that `secret` fixes wherever it sits in a base64 stream: for each of the
 * three byte alignments, the characters that depend on the secret's bytes alone.
 */
function base64Forms(secret: string): string[] {
  const bytes = utf8Encode(secret);
  const forms: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const padded = new Uint8Array(shift + bytes.length);
    padded.set(bytes, shift);
    const encoded = base64Of(padded).replace(/=+$/, '');
    // Characters touched by the leading filler bytes, and the last partial group, vary with the neighbours.
    const head = shift === 0 ? 0 : shift === 1 ? 2 : 3;
    const whole = Math.floor(padded.length / 3) * 4;
    const form = encoded.slice(head, whole);
    if (form.length >= 4) forms.push(form);
  }
  // As a text alone (a Basic header), with its padding.
  forms.push(base64Of(bytes));
  return forms;
}

/** Every form of a secret to look for, longest first (so a longer form is not cut up by a shorter). */
export function secretForms(secret: string): string[] {
  if (!secret) return [];
  const forms = new Set<string>([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1), ...base64Forms(secret)]);
  // base64url, as some servers echo tokens.
  for (const f of [...forms]) if (/[+/]/.test(f)) forms.add(f.replace(/\+/g, '-').replace(/\//g, '_'));
  return [...forms].filter(Boolean).sort((a, b) => b.length - a.length);
}

/**
 * `text` with URL credentials removed (from `//` to the last `@` after it: a password may hold
 * `/`, `@` or spaces, and an invalid URL is not parsed) and every form of each secret replaced by
 * `***`. Over-redaction is the safe side: this runs on foreign text (a server's message, a URL
 * someone typed), never on the workbench's own words around it.
 */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  const at = out.lastIndexOf('@');
  const slashes = out.indexOf('//');
  if (at >= 0 && slashes >= 0 && slashes < at) out = `${out.slice(0, slashes + 2)}${out.slice(at + 1)}`;
  const forms = [...new Set(secrets.flatMap((s) => (s ? secretForms(s) : [])))].sort((a, b) => b.length - a.length);
  for (const form of forms) out = out.split(form).join(REDACTED);
  return out;
}

/** A foreign text redacted, then cut to `max` characters (redacting first: see the header). */
export function redactAndCut(text: string, secrets: readonly (string | undefined)[], max: number): string {
  const clean = redact(text, secrets).trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
