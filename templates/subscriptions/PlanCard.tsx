/** One plan card: computed badge, name, target, allowances at home and abroad, eSIM, coverage, support, features. */
import type { Plan } from '../../generator/content/schemas/offerSchema.ts';
import { planDescriptionKey, planScopeKey, type RoamingReach } from '../../generator/model/planTexts.ts';
import type { PageContext } from '../context.ts';
import { formatNumber, formatQuantity } from '../format.ts';
import { Icon } from '../Icon.tsx';
import { planBadge } from './planBadge.ts';

interface Allowance {
  calls: string;
  data: string;
  sms: number;
}

function AllowanceList({ allowance, ctx }: { allowance: Allowance; ctx: PageContext }) {
  const { t, translator } = ctx;
  const locale = translator.locale;
  return (
    <ul className="plan-card__allowance">
      <li>{t('subscriptions.plans.calls', { value: formatQuantity(allowance.calls, locale) })}</li>
      <li>{t('subscriptions.plans.sms', { value: formatNumber(allowance.sms, locale) })}</li>
      <li>{t('subscriptions.plans.data', { value: formatQuantity(allowance.data, locale) })}</li>
    </ul>
  );
}

function Roaming({ plan, reach, ctx }: { plan: Plan; reach: RoamingReach; ctx: PageContext }) {
  const allowance = plan.roaming[reach];
  if (!allowance) return <dd className="plan-card__none">{ctx.t('subscriptions.plans.notIncluded')}</dd>;
  return (
    <dd>
      <AllowanceList allowance={allowance} ctx={ctx} />
      <p className="plan-card__scope">{ctx.t(planScopeKey(plan.id, reach))}</p>
    </dd>
  );
}

export function PlanCard({ plan, ctx, className }: { plan: Plan; ctx: PageContext; className: string }) {
  const { t } = ctx;
  const badge = planBadge(plan);
  const titleId = `plan-${plan.id}`;
  return (
    <li className={`plan-card ${className}`} data-plan={plan.id}>
      <article aria-labelledby={titleId}>
        <p className="plan-card__badge">
          <span className={`badge zone-${badge}`} data-badge={badge}>
            {t(`subscriptions.plans.badges.${badge}`)}
          </span>
        </p>
        <h3 id={titleId}>{plan.name}</h3>
        <p className="plan-card__target">{t(planDescriptionKey(plan.id))}</p>
        <dl className="plan-card__details">
          <div>
            <dt>{t('subscriptions.plans.national')}</dt>
            <dd>
              <AllowanceList
                allowance={{ calls: plan.nationalCalls, data: plan.nationalData, sms: plan.nationalSms }}
                ctx={ctx}
              />
            </dd>
          </div>
          <div>
            <dt>{t('subscriptions.plans.europe')}</dt>
            <Roaming plan={plan} reach="europe" ctx={ctx} />
          </div>
          <div>
            <dt>{t('subscriptions.plans.world')}</dt>
            <Roaming plan={plan} reach="world" ctx={ctx} />
          </div>
          <div>
            <dt>{t('subscriptions.plans.esim')}</dt>
            <dd>{t(plan.esim ? 'subscriptions.plans.esimYes' : 'subscriptions.plans.esimNo')}</dd>
          </div>
          <div>
            <dt>{t('subscriptions.plans.coverage')}</dt>
            <dd>{t(`subscriptions.labels.${plan.coverage}`)}</dd>
          </div>
          <div>
            <dt>{t('subscriptions.plans.support')}</dt>
            <dd>{t(`subscriptions.labels.${plan.support}`)}</dd>
          </div>
        </dl>
        <h4 className="plan-card__features-title">{t('subscriptions.plans.features')}</h4>
        <ul className="plan-card__features">
          {plan.features.map((feature) => (
            <li key={feature}>
              <Icon name="check" size={18} /> {t(`subscriptions.labels.${feature}`)}
            </li>
          ))}
        </ul>
      </article>
    </li>
  );
}
