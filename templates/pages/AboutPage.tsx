/** About page. */
import type { PageProps } from '../context.ts';
import { BasicPage } from './BasicPage.tsx';

export function AboutPage({ ctx }: PageProps) {
  return <BasicPage ctx={ctx} namespace="about" />;
}
