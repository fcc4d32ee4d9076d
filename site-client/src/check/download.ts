/** Saves a fetched file under `fileName` (the report API needs the token, so the browser cannot link to it). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName, rel: 'noopener' });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Runs a download; failures were already shown by the HTTP client. */
export async function runDownload(
  fetchFile: () => Promise<{ blob: Blob; fileName?: string }>,
  nameOf: (serverName?: string) => string,
): Promise<boolean> {
  try {
    const { blob, fileName } = await fetchFile();
    saveBlob(blob, nameOf(fileName));
    return true;
  } catch {
    return false;
  }
}
