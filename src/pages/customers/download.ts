/** Downloads what a GET answers (a CSV) as a file, with the session cookie and the page's language. */
export const downloadFile = async (url: string, language: string, fallbackName: string): Promise<void> => {
  const response = await fetch(url, { credentials: 'same-origin', headers: { 'Accept-Language': language } });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const blob = await response.blob();
  saveBlob(blob, name);
};

export const saveBlob = (blob: Blob, name: string): void => {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
};
