/** Cockpit page. */
import type { PageProps } from '../context.ts';
import { BasicPage } from './BasicPage.tsx';

export function CockpitPage({ ctx }: PageProps) {
  return <BasicPage ctx={ctx} namespace="cockpit" />;
}
