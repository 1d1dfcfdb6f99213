/**
 * The parts every legal text shares: the last-updated line, the sections of a
 * document (paragraphs, bullets, a table, a note) and the three tariff tables whose
 * numbers live once in tariffs.yaml. Texts carry placeholders such as {{brand}}
 * and {{city}}, filled here from the site settings so no name or address is typed
 * into a document.
 */
import type { ReactNode } from 'react';
import type { LegalDocument, LegalSection } from '../../generator/content/schemas/legalSchema.ts';
import type { Price, Tariffs } from '../../generator/content/schemas/offerSchema.ts';
import type { PageContext } from '../context.ts';
import { formatDate, formatPrice } from '../format.ts';

export function fillPlaceholders(text: string, ctx: PageContext): string {
  // Legal documents are content, not i18next texts, so they are filled here, from the same site values.
  const values = ctx.translator.siteValues;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => {
    const value = values[name];
    if (value === undefined)
      throw new Error(
        `Unknown placeholder ${match} in a legal text; use one of ${Object.keys(values)
          .map((key) => `{{${key}}}`)
          .join(', ')}.`,
      );
    return String(value);
  });
}

function priceLabel(price: Price, ctx: PageContext): string {
  if (typeof price === 'number') return formatPrice(price, ctx.translator.locale);
  return ctx.t(`legal.tariffTables.${price}`);
}

export function LastUpdated({ ctx, date }: { ctx: PageContext; date: string }) {
  return (
    <p className="legal-updated">
      {ctx.t('legal.document.lastUpdated')}{' '}
      <time dateTime={date}>{formatDate(date, ctx.translator.locale)}</time>
    </p>
  );
}

type HeadingLevel = 2 | 3;

/** All sections of a document; `idPrefix` keeps the ids of tables unique on the page. */
export function LegalSections({
  ctx,
  document,
  headingLevel,
  idPrefix,
}: {
  ctx: PageContext;
  document: LegalDocument;
  headingLevel: HeadingLevel;
  idPrefix: string;
}) {
  return (
    <>
      {document.sections.map((section, index) => (
        <SectionBlock
          key={index}
          ctx={ctx}
          section={section}
          headingLevel={headingLevel}
          id={`${idPrefix}-${index + 1}`}
        />
      ))}
    </>
  );
}

function SectionBlock({
  ctx,
  section,
  headingLevel,
  id,
}: {
  ctx: PageContext;
  section: LegalSection;
  headingLevel: HeadingLevel;
  id: string;
}) {
  const fill = (text: string) => fillPlaceholders(text, ctx);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="legal-section">
      <Heading>{fill(section.heading)}</Heading>
      {section.paragraphs?.map((paragraph, index) => (
        <p key={index}>{fill(paragraph)}</p>
      ))}
      {section.bullets && (
        <ul>
          {section.bullets.map((bullet, index) => (
            <li key={index}>{fill(bullet)}</li>
          ))}
        </ul>
      )}
      {section.table && (
        <ScrollTable captionId={`${id}-table`} caption={fill(section.heading)} captionHidden>
          <thead>
            <tr>
              {section.table.headers.map((header, index) => (
                <th key={index} scope="col">
                  {fill(header)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.table.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, cellIndex) =>
                  cellIndex === 0 ? (
                    <th key={cellIndex} scope="row">
                      {fill(cell)}
                    </th>
                  ) : (
                    <td key={cellIndex}>{fill(cell)}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {section.tariffTable && (
        <TariffTable ctx={ctx} kind={section.tariffTable} captionId={`${id}-tariffs`} />
      )}
      {section.note && <p className="legal-note">{fill(section.note)}</p>}
    </section>
  );
}

/** A table that scrolls sideways on a narrow screen; focusable so the keyboard can scroll it. */
function ScrollTable({
  captionId,
  caption,
  captionHidden = false,
  className,
  children,
}: {
  captionId: string;
  caption: string;
  captionHidden?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="legal-table" role="region" tabIndex={0} aria-labelledby={captionId}>
      <table className={className}>
        <caption id={captionId} className={captionHidden ? 'visually-hidden' : undefined}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

type TariffTableKind = keyof Tariffs;

export function TariffTable({
  ctx,
  kind,
  captionId,
}: {
  ctx: PageContext;
  kind: TariffTableKind;
  captionId: string;
}) {
  const { t, content } = ctx;
  const key = `legal.tariffTables.${kind}`;
  const locale = ctx.translator.locale;

  if (kind === 'payPerUse') {
    const table = content.tariffs.payPerUse;
    return (
      <ScrollTable
        captionId={captionId}
        caption={t(`${key}.caption`)}
        className="tariff-table tariff-table--prices tariff-table--wide"
      >
        <thead>
          <tr>
            <th scope="col">{t(`${key}.itemHeader`)}</th>
            {table.columns.map((column) => (
              <th key={column} scope="col" data-tariff-column={column}>
                {t(`${key}.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.item} data-tariff-item={row.item}>
              <th scope="row">{t(`${key}.items.${row.item}`)}</th>
              {row.prices.map((price, index) => (
                <td
                  key={index}
                  className={typeof price === 'number' ? 'tariff-table__price' : 'tariff-table__word'}
                >
                  {priceLabel(price, ctx)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    );
  }

  if (kind === 'specialNumbers') {
    return (
      <ScrollTable captionId={captionId} caption={t(`${key}.caption`)} className="tariff-table">
        <thead>
          <tr>
            <th scope="col">{t(`${key}.numberHeader`)}</th>
            <th scope="col">{t(`${key}.rateHeader`)}</th>
          </tr>
        </thead>
        <tbody>
          {content.tariffs.specialNumbers.map((entry) => {
            const prices = Object.fromEntries(
              entry.prices.map((price, index) => [`price${index}`, formatPrice(price, locale)]),
            );
            return (
              <tr key={entry.number}>
                <th scope="row">
                  {/^\d/.test(entry.number) ? entry.number : t(`${key}.numbers.${entry.number}`)}
                </th>
                <td>{t(`${key}.rules.${entry.rule}`, prices)}</td>
              </tr>
            );
          })}
        </tbody>
      </ScrollTable>
    );
  }

  return (
    <ScrollTable
      captionId={captionId}
      caption={t(`${key}.caption`)}
      className="tariff-table tariff-table--prices"
    >
      <thead>
        <tr>
          <th scope="col">{t(`${key}.numberHeader`)}</th>
          <th scope="col">{t(`${key}.setupHeader`)}</th>
          <th scope="col">{t(`${key}.perMinuteHeader`)}</th>
        </tr>
      </thead>
      <tbody>
        {content.tariffs.shortNumbers.map((entry, index) => (
          <tr key={index}>
            <th scope="row">
              {entry.numbers.join(', ')}
              {entry.service && ' '}
              {entry.service && (
                <span className="tariff-table__service">{t(`${key}.services.${entry.service}`)}</span>
              )}
            </th>
            <td className={typeof entry.setup === 'number' ? 'tariff-table__price' : 'tariff-table__word'}>
              {priceLabel(entry.setup, ctx)}
            </td>
            <td
              className={typeof entry.perMinute === 'number' ? 'tariff-table__price' : 'tariff-table__word'}
            >
              {priceLabel(entry.perMinute, ctx)}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
