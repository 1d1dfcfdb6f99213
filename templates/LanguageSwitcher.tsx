/**
 * One button per language (in the order of languages.yaml's `buttons`), each a link
 * to the same page in that language, straight from the route table, so they work
 * without script; the client script adds storing the choice.
 */
import type { PageContext } from './context.ts';
import { directionOf } from '../generator/model/languages.ts';
import { Flag } from './flags.tsx';

export function LanguageSwitcher({
  ctx,
  placement,
}: {
  ctx: PageContext;
  placement: 'header' | 'footer' | 'menu';
}) {
  const { route, t, routeTable } = ctx;
  const { buttons, of } = routeTable.languages;
  return (
    <ul
      className={`language-switcher language-switcher--${placement}`}
      aria-label={t('common.languages.label')}
    >
      {buttons.map((language) => (
        <li key={language}>
          <a
            href={route.languageLinks[language]}
            hrefLang={language}
            lang={language}
            dir={
              directionOf(of(language)) === directionOf(of(route.language))
                ? undefined
                : directionOf(of(language))
            }
            data-language={language}
            aria-current={language === route.language ? 'true' : undefined}
            title={of(language).name}
          >
            <Flag country={of(language).flag} />
            <span aria-hidden="true">{language.toUpperCase()}</span>
            <span className="visually-hidden">{of(language).name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
