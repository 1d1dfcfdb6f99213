/**
 * IT FR DE EN links to the same page in each language, straight from the route
 * table, so they work without script; the client script adds storing the choice.
 */
import type { Language } from '../generator/schema.ts';
import type { PageContext } from './context.ts';
import { Flag } from './flags.tsx';
import { languageEndonym } from './format.ts';

/** The order of section 2. */
const buttonOrder: Language[] = ['it', 'fr', 'de', 'en'];

export function LanguageSwitcher({ ctx, placement }: { ctx: PageContext; placement: 'header' | 'footer' | 'menu' }) {
  const { route, t } = ctx;
  return (
    <ul className={`language-switcher language-switcher--${placement}`} aria-label={t('common.languages.label')}>
      {buttonOrder.map((language) => (
        <li key={language}>
          <a
            href={route.languageLinks[language]}
            hrefLang={language}
            lang={language}
            data-language={language}
            aria-current={language === route.language ? 'true' : undefined}
            title={languageEndonym(language)}
          >
            <Flag language={language} />
            <span aria-hidden="true">{language.toUpperCase()}</span>
            <span className="visually-hidden">{languageEndonym(language)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
