import type { DetailedHTMLProps, HTMLAttributes } from 'react';

// <model-viewer> is a custom element (@google/model-viewer), registered when its chunk loads.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'model-viewer': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        src: string;
        alt?: string;
        'auto-rotate'?: boolean;
        /** Milliseconds of idle before auto-rotate resumes. */
        'auto-rotate-delay'?: number;
        'camera-controls'?: boolean;
      };
    }
  }
}
