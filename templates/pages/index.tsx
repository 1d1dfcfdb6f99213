/** Which component renders which page of the route table. */
import type { ComponentType } from 'react';
import type { PageId } from '../../generator/model/routeTable.ts';
import type { PageProps } from '../context.ts';
import { AboutPage } from './AboutPage.tsx';
import { CockpitPage } from './CockpitPage.tsx';
import { ContactPage } from './ContactPage.tsx';
import { CookiePolicyPage } from './CookiePolicyPage.tsx';
import { CoveragePage } from './CoveragePage.tsx';
import { EsimPage } from './EsimPage.tsx';
import { HomePage } from './HomePage.tsx';
import { LegalPage } from './LegalPage.tsx';
import { MovedPage } from './MovedPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PartnershipPage } from './PartnershipPage.tsx';
import { PrivacyRedirectPage } from './PrivacyRedirectPage.tsx';
import { SubscriptionsPage } from './SubscriptionsPage.tsx';

export const pageComponents: Record<PageId, ComponentType<PageProps>> = {
  home: HomePage,
  about: AboutPage,
  subscriptions: SubscriptionsPage,
  coverage: CoveragePage,
  partnership: PartnershipPage,
  contact: ContactPage,
  esim: EsimPage,
  cockpit: CockpitPage,
  legal: LegalPage,
  cookiePolicy: CookiePolicyPage,
  privacyRedirect: PrivacyRedirectPage,
  moved: MovedPage,
  notFound: NotFoundPage,
};
