/** Partnership page. */
import type { PageProps } from '../context.ts';
import { BasicPage } from './BasicPage.tsx';

export function PartnershipPage({ ctx }: PageProps) {
  return <BasicPage ctx={ctx} namespace="partnership" />;
}
