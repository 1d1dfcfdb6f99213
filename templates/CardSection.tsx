/**
 * A section of icon cards drawn from a texts list: `<texts>.title`, `<texts>.intro`
 * and `<texts>.items[]` with `title` and `text`, in rows that balance for any count
 * (balancedGrid.ts). The list carries `data-count`, so the tests can count its cards in
 * every language.
 */
import type { PageContext } from './context.ts';
import { balancedCardClasses, balancedGridClass } from './balancedGrid.ts';
import { Icon, type IconName } from './Icon.tsx';

export interface CardSectionProps {
  ctx: PageContext;
  /** The texts key holding title, intro and items, e.g. `cockpit.features`. */
  texts: string;
  /** The list's `data-count` name. */
  count: string;
  /** One icon per item, in the items' order. */
  icons: IconName[];
  /** The heading's id, which labels the section. */
  titleId: string;
  /** The section's own id, for links to it. */
  id?: string;
  tinted?: boolean;
  /** Extra class of the card list. */
  listClassName?: string;
}

export function CardSection({
  ctx,
  texts,
  count,
  icons,
  titleId,
  id,
  tinted = false,
  listClassName,
}: CardSectionProps) {
  const { t, translator } = ctx;
  const items = translator.indices(`${texts}.items`);
  const sizes = balancedCardClasses(items.length);
  return (
    <section className={tinted ? 'section section--tinted' : 'section'} id={id} aria-labelledby={titleId}>
      <div className="container">
        <h2 id={titleId}>{t(`${texts}.title`)}</h2>
        <p className="section__intro">{t(`${texts}.intro`)}</p>
        <ul className={balancedGridClass('card-grid', listClassName)} data-count={count}>
          {items.map((index) => (
            <li key={index} className={`card ${sizes[index]}`}>
              <Icon name={icons[index] ?? 'check'} />
              <h3>{t(`${texts}.items.${index}.title`)}</h3>
              <p>{t(`${texts}.items.${index}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
