import { mediaError, PREVIEW_NOT_AVAILABLE, WALLET_PREVIEW_IDLE_DELAY_MS } from '@om/core';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { ViewerMessage } from './viewer-message.tsx';

type Props = { src: string; alt: string; forceThumbnail?: boolean };

/** glTF models in Google's <model-viewer>, as ord's preview does; product.md#market-screens. */
export function ModelContent({ src, alt, forceThumbnail = false }: Props) {
  // A forced thumbnail (a grid card, say) must not pull in three.js for every model.
  if (forceThumbnail) return <ViewerMessage>{PREVIEW_NOT_AVAILABLE}</ViewerMessage>;
  return <LazyModelViewer src={src} alt={alt} />;
}

type Library = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string };

/** Loads @google/model-viewer (and three.js with it) as its own chunk, on first use only. */
function useModelViewerLibrary(): Library {
  const [library, setLibrary] = useState<Library>(() =>
    customElements.get('model-viewer') ? { status: 'ready' } : { status: 'loading' },
  );
  useEffect(() => {
    if (library.status !== 'loading') return;
    let isCurrent = true;
    import('@google/model-viewer').then(
      () => isCurrent && setLibrary({ status: 'ready' }),
      (error: unknown) =>
        isCurrent && setLibrary({ status: 'failed', message: errorMessage(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [library.status]);
  return library;
}

function LazyModelViewer({ src, alt }: Omit<Props, 'forceThumbnail'>) {
  const library = useModelViewerLibrary();
  if (library.status === 'failed')
    return <ViewerMessage>{mediaError(library.message)}</ViewerMessage>;
  if (library.status === 'loading') return <LoadingProgress fraction={0} />;
  return <ModelViewerElement src={src} alt={alt} />;
}

type ProgressEvent = CustomEvent<{ totalProgress: number }>;
type ErrorEvent = CustomEvent<{ type: string; sourceError?: unknown }>;

function ModelViewerElement({ src, alt }: Omit<Props, 'forceThumbnail'>) {
  const [fraction, setFraction] = useState(0);
  const [isLoaded, setIsLoaded] = useState(false);
  const [failure, setFailure] = useState<string>();

  // A ref callback listens from the commit on: a passive effect would run later, and a
  // load failure the element reports in between would be lost.
  const listen = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const onProgress = (event: Event) => setFraction((event as ProgressEvent).detail.totalProgress);
    const onLoad = () => setIsLoaded(true);
    const onError = (event: Event) => {
      const { type, sourceError } = (event as ErrorEvent).detail;
      setFailure(errorMessage(sourceError, `The model could not be shown (${type})`));
    };
    element.addEventListener('progress', onProgress);
    element.addEventListener('load', onLoad);
    element.addEventListener('error', onError);
    return () => {
      element.removeEventListener('progress', onProgress);
      element.removeEventListener('load', onLoad);
      element.removeEventListener('error', onError);
    };
  }, []);

  if (failure) return <ViewerMessage>{mediaError(failure)}</ViewerMessage>;
  return (
    <div className="relative size-full">
      <model-viewer
        ref={listen}
        src={src}
        alt={alt}
        auto-rotate
        // product.md#constants-and-limits: the 3D preview turns after 3 s idle.
        auto-rotate-delay={WALLET_PREVIEW_IDLE_DELAY_MS}
        camera-controls
        className="size-full"
      />
      {isLoaded || fraction >= 1 ? null : (
        <div className="absolute inset-0">
          <LoadingProgress fraction={fraction} />
        </div>
      )}
    </div>
  );
}

function LoadingProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(Math.min(Math.max(fraction, 0), 1) * 100);
  return (
    <div
      role="progressbar"
      aria-label="Loading 3D model"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="flex size-full flex-col items-center justify-center gap-3 p-6 text-sm text-zinc-400"
    >
      <span className="font-mono tabular-nums text-zinc-200">{percent}%</span>
      <span className="h-1 w-40 overflow-hidden rounded-full bg-zinc-800">
        <span className="block h-full bg-brand-500" style={{ width: `${percent}%` }} />
      </span>
      <span>Loading 3D model…</span>
    </div>
  );
}
