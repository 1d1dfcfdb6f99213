/** Esim page. */
import type { PageProps } from '../context.ts';
import { BasicPage } from './BasicPage.tsx';

export function EsimPage({ ctx }: PageProps) {
  return <BasicPage ctx={ctx} namespace="esim" />;
}
