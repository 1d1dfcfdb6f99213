/** Coverage page. */
import type { PageProps } from '../context.ts';
import { BasicPage } from './BasicPage.tsx';

export function CoveragePage({ ctx }: PageProps) {
  return <BasicPage ctx={ctx} namespace="coverage" />;
}
