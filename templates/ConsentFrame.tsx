/**
 * A third party's frame (a map) behind a placeholder: nothing is requested from
 * the provider until the visitor asks for it or has accepted all cookies. The
 * placeholder says what the frame shows and whose it is; its button (shown by
 * the consent script) loads the frame in place, and its link opens the same
 * address in a new tab, which also works without script. The frame waits in an
 * inert `<template>`, so its attributes are written once, here.
 */
import type { IframeHTMLAttributes } from 'react';
import type { PageContext } from './context.ts';

export interface ConsentFrameProps {
  ctx: PageContext;
  /** The frame's address, from the settings. */
  src: string;
  /** The frame's accessible name. */
  title: string;
  /** What the frame shows, in the page's language. */
  description: string;
  /** Sizes the box the placeholder and then the frame fill. */
  className: string;
  frame?: Pick<IframeHTMLAttributes<HTMLIFrameElement>, 'allow' | 'referrerPolicy'>;
}

export function ConsentFrame({ ctx, src, title, description, className, frame }: ConsentFrameProps) {
  const { t } = ctx;
  // The host is exactly whom the visitor's browser would contact; the settings allow only a plain DNS name there.
  const provider = new URL(src).hostname;
  return (
    <div className={`consent-frame ${className}`} data-consent-frame="">
      <div className="consent-frame__placeholder">
        <p className="consent-frame__what">{description}</p>
        <p className="consent-frame__who">{t('common.mapConsent.notice', { provider })}</p>
        <p className="consent-frame__actions">
          <button type="button" className="button button--primary" data-consent-frame-load="" hidden>
            {t('common.mapConsent.load')}
          </button>
          <a href={src} target="_blank" rel="noopener noreferrer">
            {t('common.mapConsent.open')}
          </a>
        </p>
      </div>
      <template>
        <iframe src={src} title={title} {...frame} />
      </template>
    </div>
  );
}
