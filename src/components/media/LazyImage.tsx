import { useEffect, useRef, useState } from 'react';
import { whenNearViewport } from './near-viewport.ts';
import './lazy-image.css';

/**
 * An image that cannot shift the layout: its box has the image's size (or aspect ratio) before the
 * image arrives, a neutral background meanwhile, and the image fades in once decoded.
 * `eager` is for the one image above the fold that the page is about (the first home banner): it
 * is fetched at once with high priority and painted as soon as it decodes, without waiting for
 * the load event and a React render to start a fade, which a busy phone runs late. The others
 * get their source only once near the screen (near-viewport.ts).
 */
export function LazyImage({ src, alt, width, height, className, eager = false }: { src: string; alt: string; width: number; height: number; className?: string; eager?: boolean }) {
  const [loaded, setLoaded] = useState(eager);
  const [near, setNear] = useState(eager);
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => (near || !box.current ? undefined : whenNearViewport(box.current, () => setNear(true))), [near]);
  return (
    <span ref={box} className={`lazy-image${className ? ` ${className}` : ''}`} style={{ aspectRatio: `${width} / ${height}` }}>
      {src && (
        <img
          className={`lazy-image__img${loaded ? ' lazy-image__img--loaded' : ''}`}
          src={near ? src : undefined}
          alt={alt}
          width={width}
          height={height}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          // The eager image may already be on screen in the boot skeleton (server/first-paint.ts): decoded with the
          // frame that replaces it, so no placeholder flashes in between.
          decoding={eager ? 'sync' : 'async'}
          ref={(img) => {
            if (img?.complete && img.naturalWidth > 0) setLoaded(true);
          }}
          onLoad={() => setLoaded(true)}
        />
      )}
    </span>
  );
}
