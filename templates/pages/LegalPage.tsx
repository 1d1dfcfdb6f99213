/** Legal page. */
import type { PageProps } from '../context.ts';
import { BasicPage } from './BasicPage.tsx';

export function LegalPage({ ctx }: PageProps) {
  return <BasicPage ctx={ctx} namespace="legal" />;
}
