import { uploadMedia } from '@marquee/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from './http';

/** Uploads one image through `upload-media`; the server checks its type and size. */
export function useUploadMedia() {
  return useMutation({
    mutationFn: (file: File) => {
      const formData = new FormData();
      formData.append('file', file);
      // Large pictures on slow connections need longer than the default 30 s.
      return http(uploadMedia, { formData, headers: { timeout: '120000' } }).then((r) => r.result);
    },
  });
}
