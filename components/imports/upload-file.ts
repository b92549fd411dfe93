/** Uploads a file with XMLHttpRequest (fetch cannot report upload progress). */
export interface UploadResult<T> {
  ok: boolean;
  status: number;
  body: T | { error: { code: string; message: string } };
}

export function uploadFile<T>(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
): { promise: Promise<UploadResult<T>>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadResult<T>>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: UploadResult<T>['body'];
      try {
        body = JSON.parse(xhr.responseText) as UploadResult<T>['body'];
      } catch {
        body = { error: { code: 'INTERNAL', message: `The server answered ${xhr.status}.` } };
      }
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('The upload failed: the connection was lost.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    xhr.send(file);
  });
  return { promise, abort: () => xhr.abort() };
}
