import { useState } from 'react';
import './lazy-image.css';

/**
 * An image that cannot shift the layout: its box has the image's size (or aspect ratio) before the
 * image arrives, a neutral background meanwhile, and the image fades in once decoded.
 */
export function LazyImage({ src, alt, width, height, className, eager = false }: { src: string; alt: string; width: number; height: number; className?: string; eager?: boolean }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <span className={`lazy-image${className ? ` ${className}` : ''}`} style={{ aspectRatio: `${width} / ${height}` }}>
      {src && (
        <img
          className={`lazy-image__img${loaded ? ' lazy-image__img--loaded' : ''}`}
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          ref={(img) => {
            if (img?.complete && img.naturalWidth > 0) setLoaded(true);
          }}
          onLoad={() => setLoaded(true)}
        />
      )}
    </span>
  );
}
