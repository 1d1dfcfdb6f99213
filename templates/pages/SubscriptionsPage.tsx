/** Subscriptions page. */
import type { PageProps } from '../context.ts';
import { BasicPage } from './BasicPage.tsx';

export function SubscriptionsPage({ ctx }: PageProps) {
  return <BasicPage ctx={ctx} namespace="subscriptions" />;
}
