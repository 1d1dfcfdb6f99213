/** Contact page. */
import type { PageProps } from '../context.ts';
import { BasicPage } from './BasicPage.tsx';

export function ContactPage({ ctx }: PageProps) {
  return <BasicPage ctx={ctx} namespace="contact" />;
}
