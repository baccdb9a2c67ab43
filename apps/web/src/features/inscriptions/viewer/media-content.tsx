import { mediaError } from '@om/core';
import { useState, type SyntheticEvent } from 'react';
import { ViewerMessage } from './viewer-message.tsx';

// MediaError codes (HTML spec); browsers often leave `message` empty.
const MEDIA_ERROR_TEXT: Record<number, string> = {
  1: 'Playback was aborted',
  2: 'A network error stopped the download',
  3: 'The media could not be decoded',
  4: 'The media format is not supported',
};

function mediaErrorMessage(element: HTMLMediaElement): string {
  const error = element.error;
  return error?.message || MEDIA_ERROR_TEXT[error?.code ?? 0] || 'The media could not be played';
}

function useMediaError() {
  const [message, setMessage] = useState<string>();
  const onError = (event: SyntheticEvent<HTMLMediaElement>) =>
    setMessage(mediaErrorMessage(event.currentTarget));
  return { message, onError };
}

/** ord's video preview: autoplay, muted, looping; a click adds the controls. */
export function VideoContent({ src, label }: { src: string; label: string }) {
  const { message, onError } = useMediaError();
  const [hasControls, setHasControls] = useState(false);
  if (message) return <ViewerMessage>{mediaError(message)}</ViewerMessage>;
  return (
    <video
      src={src}
      aria-label={label}
      autoPlay
      muted
      loop
      playsInline
      controls={hasControls}
      onClick={() => setHasControls(true)}
      onError={onError}
      className="size-full object-contain"
    />
  );
}

export function AudioContent({ src, label }: { src: string; label: string }) {
  const { message, onError } = useMediaError();
  if (message) return <ViewerMessage>{mediaError(message)}</ViewerMessage>;
  return (
    <div className="flex size-full items-center justify-center p-6">
      <audio src={src} aria-label={label} controls onError={onError} className="w-full" />
    </div>
  );
}
