/** UTF-8 safe base64 (plain `btoa` throws on characters outside Latin-1). */
export function encodeBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Returns null for anything that is not valid base64 of UTF-8 text, e.g. a hand-edited storage value. */
export function decodeBase64(encoded: string): string | null {
  try {
    const binary = atob(encoded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
