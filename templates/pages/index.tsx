/** Which component renders which page of the route table. */
import type { ComponentType } from 'react';
import type { PageId } from '../../generator/routes.ts';
import type { PageProps } from '../context.ts';
import { BasicPage } from './BasicPage.tsx';
import { HomePage } from './HomePage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PrivacyRedirectPage } from './PrivacyRedirectPage.tsx';

const basic = (namespace: string): ComponentType<PageProps> =>
  function Page({ ctx }: PageProps) {
    return <BasicPage ctx={ctx} namespace={namespace} />;
  };

export const pageComponents: Record<PageId, ComponentType<PageProps>> = {
  home: HomePage,
  about: basic('about'),
  subscriptions: basic('subscriptions'),
  coverage: basic('coverage'),
  partnership: basic('partnership'),
  contact: basic('contact'),
  esim: basic('esim'),
  cockpit: basic('cockpit'),
  legal: basic('legal'),
  cookiePolicy: basic('legal'),
  privacyRedirect: PrivacyRedirectPage,
  notFound: NotFoundPage,
};
