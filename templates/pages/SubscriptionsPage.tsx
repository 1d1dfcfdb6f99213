/**
 * Subscriptions: the plan cards (badges computed from the plans' data),
 * the note that pricing is tailored, the mail call to action and the tariff zones.
 */
import type { PageProps } from '../context.ts';
import { balancedCardClasses, balancedGridClass } from '../balancedGrid.ts';
import { Document } from '../Document.tsx';
import { MailCallToAction } from '../MailCallToAction.tsx';
import { PlanCard } from '../subscriptions/PlanCard.tsx';
import { TariffZones } from '../subscriptions/TariffZones.tsx';

export function SubscriptionsPage({ ctx }: PageProps) {
  const { t, content } = ctx;
  const { plans, zones } = content;
  const planClasses = balancedCardClasses(plans.length);
  return (
    <Document ctx={ctx}>
      <section className="hero hero--compact" aria-labelledby="subscriptions-title">
        <div className="container">
          <h1 id="subscriptions-title">{t('subscriptions.hero.title')}</h1>
          <p className="hero__subtitle">{t('subscriptions.hero.subtitle')}</p>
        </div>
      </section>

      <section className="section" aria-labelledby="plans-title">
        <div className="container">
          <h2 id="plans-title">{t('subscriptions.plans.title')}</h2>
          <p className="section__intro">{t('subscriptions.plans.intro')}</p>
          <ul className={balancedGridClass('plan-grid')} data-count="plans">
            {plans.map((plan, index) => (
              <PlanCard key={plan.id} plan={plan} ctx={ctx} className={planClasses[index]} />
            ))}
          </ul>
          <p className="notice">{t('subscriptions.pricing.note')}</p>
        </div>
      </section>

      <MailCallToAction ctx={ctx} texts="subscriptions.cta" titleId="subscriptions-cta-title" withSubject />

      <TariffZones zones={zones} plans={plans} ctx={ctx} />
    </Document>
  );
}
