/** The static Italian cookie policy. */
import type { PageProps } from '../context.ts';
import { BasicPage } from './BasicPage.tsx';

export function CookiePolicyPage({ ctx }: PageProps) {
  return <BasicPage ctx={ctx} namespace="legal" />;
}
