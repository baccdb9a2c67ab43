import { useState, type SyntheticEvent } from 'react';
import { ViewerMessage } from './viewer-message.tsx';

type Props = { src: string; alt: string; rendering: 'pixelated' | 'auto' };

/**
 * An image scaled to fit the square without cropping. Pixel art is upscaled `pixelated`; like
 * ord's preview-image.js, an image larger than the frame goes back to `auto` when shrunk.
 */
export function ImageContent({ src, alt, rendering }: Props) {
  const [isBroken, setIsBroken] = useState(false);
  const [isDownscaled, setIsDownscaled] = useState(false);

  if (isBroken) {
    return <ViewerMessage icon={<BrokenImageIcon />}>Image could not be loaded</ViewerMessage>;
  }

  const onLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    const image = event.currentTarget;
    setIsDownscaled(
      image.naturalWidth > image.clientWidth || image.naturalHeight > image.clientHeight,
    );
  };

  return (
    <img
      src={src}
      alt={alt}
      onLoad={onLoad}
      onError={() => setIsBroken(true)}
      className="size-full object-contain"
      style={{ imageRendering: rendering === 'pixelated' && !isDownscaled ? 'pixelated' : 'auto' }}
    />
  );
}

function BrokenImageIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="40"
      height="40"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="text-zinc-600"
    >
      <path d="M4 4h16v9l-4-3-3 3-2-2-7 6zM4 16v4h16v-3M9 8.5h.01M3 21 21 3" />
    </svg>
  );
}
