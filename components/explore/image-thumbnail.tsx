'use client';
/**
 * The pair's image: a thumbnail from Commons when the browser is online and it loads, else a
 * placeholder; always the link to its Commons page.
 */
import { useEffect, useState } from 'react';
import styles from './explore.module.css';

export function ImageThumbnail({ thumbnail, page, name }: { thumbnail: string | null; page: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  const picture =
    thumbnail && online && !failed ? (
      // An external thumbnail that may fail: next/image would proxy it through the server.
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={thumbnail}
        alt={name}
        className={styles.thumb}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    ) : (
      <div className={styles.placeholder} data-testid="image-placeholder">
        {online ? 'No thumbnail available' : 'Offline: no thumbnail'}
      </div>
    );
  return (
    <figure>
      {picture}
      <figcaption className="small">
        {page ? (
          <a href={page} rel="noreferrer" target="_blank">
            {name} on Wikimedia Commons
          </a>
        ) : (
          name
        )}
      </figcaption>
    </figure>
  );
}
