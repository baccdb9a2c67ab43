import { CONNECT_YOUR_WALLET, ERROR_UPLOADING_IMAGE, type ImageFileInfo } from '@om/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.ts';
import { useWallet } from '../wallet/wallet-context.ts';

/** The picked file's type, size and pixel size, the pixels read by decoding it in the browser. */
export async function readImageFileInfo(file: File): Promise<ImageFileInfo> {
  const bitmap = await createImageBitmap(file);
  try {
    return { type: file.type, size: file.size, width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}

/**
 * One picked image's way for the icon and the banner: connected or 'Please connect your
 * wallet', the field's own rule (`check`, the server's too), then the upload; a refusal or a
 * failed upload says why and leaves the field without an image.
 */
export function useImageUpload({
  check,
  upload,
  onUploaded,
  onRejected,
}: {
  check: (file: File) => Promise<string | undefined>;
  upload: (file: File) => Promise<string>;
  onUploaded: (url: string) => void;
  onRejected: () => void;
}) {
  const { wallet } = useWallet();
  const [problem, setProblem] = useState<string>();
  const mutation = useMutation({
    mutationFn: (file: File) => upload(file),
    onSuccess: (uploaded) => onUploaded(uploaded),
    onError: (uploadError) => {
      toast.error(ERROR_UPLOADING_IMAGE);
      setProblem(errorMessage(uploadError, ERROR_UPLOADING_IMAGE));
      onRejected();
    },
  });

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so that picking the same file again (after connecting, say) is a change too.
    event.target.value = '';
    if (!file) return;
    const rejection = wallet ? await check(file) : CONNECT_YOUR_WALLET;
    setProblem(rejection);
    if (rejection) onRejected();
    else mutation.mutate(file);
  };

  return { problem, isPending: mutation.isPending, pick };
}
