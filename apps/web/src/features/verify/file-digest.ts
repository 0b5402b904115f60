/**
 * SHA-256 of a file, in lowercase hex, computed in the browser: the file itself is never sent
 * anywhere, only this digest.
 */
export async function sha256OfFile(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
