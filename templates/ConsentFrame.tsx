/**
 * A third party's frame (a map) that loads only when the visitor asks for it or has
 * accepted all cookies: until then the page requests nothing from that party. The
 * frame's address waits in `data-src`; client/lib/consent.ts moves it to `src`.
 * Without script the notice's link opens the map in a new window.
 */
import type { PageContext } from './context.ts';

export interface ConsentFrameProps {
  ctx: PageContext;
  src: string;
  title: string;
  className: string;
  allow?: string;
  width?: number;
  height?: number;
}

export function ConsentFrame({ ctx, src, title, className, allow, width, height }: ConsentFrameProps) {
  const { t } = ctx;
  const host = new URL(src).host;
  return (
    <div className="consent-frame" data-consent-frame="">
      <iframe className={className} data-src={src} title={title} loading="lazy" allow={allow} width={width} height={height} referrerPolicy="strict-origin-when-cross-origin" hidden />
      <div className="consent-frame__notice" data-consent-frame-notice="">
        <p>{t('common.embed.notice', { host })}</p>
        <p className="consent-frame__actions">
          <button type="button" className="button button--secondary" data-consent-frame-load="" hidden>
            {t('common.embed.load')}
          </button>
          <a href={src} target="_blank" rel="noopener noreferrer">
            {t('common.embed.open')}
            <span className="visually-hidden"> {t('common.embed.newWindow')}</span>
          </a>
        </p>
      </div>
    </div>
  );
}
