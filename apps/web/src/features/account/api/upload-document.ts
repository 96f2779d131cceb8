import { uploadDocument } from '@marquee/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** Uploads one supporting document (PDF, JPEG or PNG); the server checks its type and size. */
export function useUploadDocument() {
  return useMutation({
    mutationFn: (file: File) => {
      const formData = new FormData();
      formData.append('file', file);
      return http(uploadDocument, { formData, headers: { timeout: '120000' } }).then((r) => r.result);
    },
  });
}
