import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InscriptionViewer } from './inscription-viewer.tsx';

// three.js needs WebGL; the tests only need the element and its events.
vi.mock('@google/model-viewer', () => ({}));

// Sonner keeps its toasts in a module singleton; start each test without the last one's.
afterEach(() => {
  toast.dismiss();
});

const ID = `${'c'.repeat(64)}i0`;
const CONTENT_URL = `/content/${ID}`;

function renderViewer(props: Partial<ComponentProps<typeof InscriptionViewer>> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <InscriptionViewer inscriptionId={ID} contentType="image/png" {...props} />
      <Toaster />
    </QueryClientProvider>,
  );
}

function mockContent(status: number, body: string) {
  const fetchMock = vi.fn(async (_input: string, _init?: RequestInit) => {
    return new Response(body, { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** What the frame shows, in a word: the element that renders the content, or its text. */
function rendered(frame: HTMLElement): string {
  const image = frame.querySelector('img');
  if (image) return `img ${image.style.imageRendering}`;
  for (const tag of ['iframe', 'pre', 'model-viewer', 'video', 'audio']) {
    if (frame.querySelector(tag)) return tag;
  }
  return frame.querySelector('p')?.textContent ?? '';
}

describe('InscriptionViewer', () => {
  it.each([
    ['image/png', 'img pixelated'],
    ['image/jpeg', 'img pixelated'],
    ['image/gif', 'img pixelated'],
    ['image/webp', 'img pixelated'],
    ['image/apng', 'img pixelated'],
    ['image/avif', 'img auto'],
    ['image/jxl', 'img auto'],
    ['image/svg+xml', 'iframe'],
    ['text/html;charset=utf-8', 'iframe'],
    ['text/plain;charset=utf-8', 'pre'],
    ['application/json', 'pre'],
    ['model/gltf-binary', 'model-viewer'],
    ['model/gltf+json', 'model-viewer'],
    ['video/mp4', 'video'],
    ['audio/mpeg', 'audio'],
    ['application/pdf', 'Content type application/pdf is not supported yet'],
    [null, 'No data available'],
  ])('renders %s as %s', async (contentType, expected) => {
    mockContent(200, '{"p":"brc-20"}');
    renderViewer({ contentType });
    const frame = screen.getByRole('figure', { name: 'Inscription content' });
    await waitFor(() => expect(rendered(frame)).toBe(expected));
  });

  it.each(['image/svg+xml', 'text/html;charset=utf-8'])(
    'sandboxes %s in an iframe with scripts only, never fetching its markup',
    (contentType) => {
      const fetchMock = mockContent(200, '<script>alert(1)</script>');
      renderViewer({ contentType });
      const iframe = screen.getByTitle(`Inscription ${ID}`);
      expect(iframe.tagName).toBe('IFRAME');
      expect(iframe.getAttribute('sandbox')).toBe('allow-scripts');
      expect(iframe.getAttribute('src')).toBe(CONTENT_URL);
      expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/content/'))).toEqual([]);
    },
  );

  it('points media at /content/{id} with autoplay, muted and looping video', () => {
    renderViewer({ contentType: 'video/webm' });
    const video = screen.getByLabelText(`Inscription ${ID}`) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe(CONTENT_URL);
    expect([video.autoplay, video.muted, video.loop]).toEqual([true, true, true]);
  });

  it('gives audio its controls', () => {
    renderViewer({ contentType: 'audio/ogg' });
    const audio = screen.getByLabelText(`Inscription ${ID}`) as HTMLAudioElement;
    expect(audio.controls).toBe(true);
    expect(audio.getAttribute('src')).toBe(CONTENT_URL);
  });

  it('pretty-prints JSON and shows plain text as it is', async () => {
    mockContent(200, '{"p":"brc-20","op":"deploy"}');
    const { unmount } = renderViewer({ contentType: 'application/json' });
    expect((await screen.findByRole('region', { name: 'Inscription text' })).textContent).toBe(
      '{\n  "p": "brc-20",\n  "op": "deploy"\n}',
    );
    unmount();

    mockContent(200, '<b>not markup</b>');
    renderViewer({ contentType: 'text/plain;charset=utf-8' });
    expect((await screen.findByRole('region', { name: 'Inscription text' })).textContent).toBe(
      '<b>not markup</b>',
    );
  });

  it('shows a 3D model auto-rotating after 3 s idle, with camera controls and its loading percentage', async () => {
    renderViewer({ contentType: 'model/gltf-binary' });
    await waitFor(() => expect(document.querySelector('model-viewer')).not.toBeNull());
    const model = document.querySelector('model-viewer')!;
    expect(model.getAttribute('src')).toBe(CONTENT_URL);
    expect(model.hasAttribute('auto-rotate')).toBe(true);
    // product.md#constants-and-limits: the preview's idle delay, 3 s.
    expect(model.getAttribute('auto-rotate-delay')).toBe('3000');
    expect(model.hasAttribute('camera-controls')).toBe(true);

    const progress = () => screen.getByRole('progressbar', { name: 'Loading 3D model' });
    expect(progress().textContent).toContain('0%');
    act(() => {
      model.dispatchEvent(new CustomEvent('progress', { detail: { totalProgress: 0.42 } }));
    });
    expect(progress().getAttribute('aria-valuenow')).toBe('42');
    expect(progress().textContent).toContain('42%');
    act(() => {
      model.dispatchEvent(new Event('load'));
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("replaces a 3D model by 'Preview not available!' when a thumbnail is forced", () => {
    renderViewer({ contentType: 'model/gltf+json', forceThumbnail: true });
    expect(screen.getByText('Preview not available!')).toBeTruthy();
    expect(document.querySelector('model-viewer')).toBeNull();
  });

  describe('errors and empty content', () => {
    it.each([
      [
        'a failed content request',
        'text/plain',
        404,
        '{"success":false,"error":"Gone."}',
        'Error: Gone.',
      ],
      ['an empty text body', 'text/plain', 200, '', 'No data available'],
      ['an empty JSON body', 'application/json', 200, '', 'No data available'],
    ])('shows %s as the exact text', async (_case, contentType, status, body, text) => {
      mockContent(status, body);
      renderViewer({ contentType });
      expect(await screen.findByText(text)).toBeTruthy();
    });

    it("shows 'No data available' when the inscription has no content", () => {
      renderViewer({ contentType: 'image/png', contentLength: 0 });
      expect(screen.getByText('No data available')).toBeTruthy();
    });

    it.each(['video/mp4', 'audio/mpeg'])("shows a %s playback failure as 'Error: …'", (type) => {
      renderViewer({ contentType: type });
      fireEvent.error(screen.getByLabelText(`Inscription ${ID}`));
      expect(screen.getByText('Error: The media could not be played')).toBeTruthy();
    });

    it("shows a 3D model's load failure as 'Error: …'", async () => {
      renderViewer({ contentType: 'model/gltf-binary' });
      await waitFor(() => expect(document.querySelector('model-viewer')).not.toBeNull());
      act(() => {
        document.querySelector('model-viewer')!.dispatchEvent(
          new CustomEvent('error', {
            detail: { type: 'loadfailure', sourceError: new Error('Bad glTF') },
          }),
        );
      });
      expect(screen.getByText('Error: Bad glTF')).toBeTruthy();
    });

    it('shows a clear placeholder for a broken image', () => {
      renderViewer({ contentType: 'image/webp' });
      fireEvent.error(screen.getByRole('img', { name: `Inscription ${ID}` }));
      expect(screen.getByText('Image could not be loaded')).toBeTruthy();
      expect(screen.queryByRole('img', { name: `Inscription ${ID}` })).toBeNull();
    });
  });

  describe('copy to clipboard', () => {
    it('copies the inscription ID of an image and says so', async () => {
      const user = userEvent.setup();
      renderViewer({ contentType: 'image/png' });
      await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
      expect(await navigator.clipboard.readText()).toBe(ID);
      expect(await screen.findByText('Content successfully copied to clipboard.')).toBeTruthy();
    });

    it('copies the text of a text inscription', async () => {
      const user = userEvent.setup();
      mockContent(200, 'gm');
      renderViewer({ contentType: 'text/plain;charset=utf-8' });
      await screen.findByText('gm');
      await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
      expect(await navigator.clipboard.readText()).toBe('gm');
      expect(await screen.findByText('Content successfully copied to clipboard.')).toBeTruthy();
    });
  });
});
