/**
 * Which text on a dev page came from which content key. While `site dev` renders,
 * every text a template looks up gets an invisible mark at its end (characters of
 * Unicode's private use area, which content never holds); once the page is HTML,
 * the marks are taken out again and each element that showed a marked text gets
 * the key in a `data-site-key` attribute (`data-site-key-alt`, `-content`, …
 * for a text in an attribute). Only dev renders with marks: `site build` never
 * calls these, so its output is byte-identical to a build without the editor.
 *
 * Marks go at the end of a text because templates do change the start of a text
 * (a capitalised first letter); tests check that every page, marks taken out, is
 * exactly the build's page.
 */

const open = '\uE000';
const close = '\uE001';
const digitBase = 0xe010;
const markPattern = /\uE000([\uE010-\uE019]+)\uE001/g;
/** The same, percent-encoded: a text in a link (a mail's subject) is encoded as UTF-8. */
const encodedMarkPattern = /%EE%80%80((?:%EE%80%9[0-9])+)%EE%80%81/gi;
const anyMarkCharacter = /[\uE000-\uE001\uE010-\uE019]|%EE%80%8[01]/i;

/** Collects the keys of one page's marks: a mark holds the key's number, not the key. */
export interface TextMarker {
  mark(key: string, text: string): string;
  keys: string[];
}

export function createTextMarker(): TextMarker {
  const keys: string[] = [];
  const numbers = new Map<string, number>();
  return {
    keys,
    mark(key, text) {
      let number = numbers.get(key);
      if (number === undefined) {
        number = keys.push(key) - 1;
        numbers.set(key, number);
      }
      const digits = [...String(number)].map((digit) => String.fromCharCode(digitBase + Number(digit)));
      return `${text}${open}${digits.join('')}${close}`;
    },
  };
}

const keysIn = (text: string, keys: string[]): string[] => [
  ...[...text.matchAll(markPattern)].map(
    (match) => keys[Number([...match[1]].map((c) => c.charCodeAt(0) - digitBase).join(''))],
  ),
  ...[...text.matchAll(encodedMarkPattern)].map((match) => keys[Number(match[1].replace(/%EE%80%9/gi, ''))]),
];

/** The text without marks: what the build writes. */
export function stripMarks(text: string): string {
  return text.replace(markPattern, '').replace(encodedMarkPattern, '');
}

const voidElements = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** Their contents are not HTML: a mark there (structured data, a form's settings) is only taken out. */
const rawTextElements = new Set(['script', 'style']);

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

interface OpenElement {
  name: string;
  /** Where, in the output, the start tag's name ends: attributes are added there. */
  insertAt: number;
  textKeys: string[];
  attributeKeys: Map<string, string[]>;
}

/**
 * The page with its marks replaced by key attributes. The HTML is React's static
 * markup: attributes are quoted and escaped, so a tag ends at the first `>`.
 */
export function placeMarks(html: string, keys: string[]): string {
  const parts: string[] = [];
  const insertions: { at: number; text: string }[] = [];
  const stack: OpenElement[] = [];
  let length = 0;
  const emit = (text: string) => {
    parts.push(text);
    length += text.length;
  };
  const attributesOf = (element: OpenElement) => {
    let text = '';
    const textKeys = [...new Set(element.textKeys)];
    if (textKeys.length > 0) text += ` data-site-key="${escapeAttribute(textKeys.join(' '))}"`;
    for (const [attribute, attributeKeys] of element.attributeKeys)
      text += ` data-site-key-${attribute}="${escapeAttribute([...new Set(attributeKeys)].join(' '))}"`;
    return text;
  };
  const closeElement = (element: OpenElement) => {
    const text = attributesOf(element);
    if (text) insertions.push({ at: element.insertAt, text });
  };

  const tagPattern = /<(\/?)([a-zA-Z][\w:-]*)([^>]*)>|<!--[\s\S]*?-->|<![^>]*>/g;
  let position = 0;
  for (let match = tagPattern.exec(html); match; match = tagPattern.exec(html)) {
    const text = html.slice(position, match.index);
    const top = stack.at(-1);
    if (text) {
      if (top && !rawTextElements.has(top.name)) top.textKeys.push(...keysIn(text, keys));
      emit(stripMarks(text));
    }
    position = tagPattern.lastIndex;
    const [whole, slash, rawName, attributes] = match;
    if (rawName === undefined) {
      emit(stripMarks(whole));
      continue;
    }
    const name = rawName.toLowerCase();
    if (slash) {
      // Close up to the matching element (React's markup is balanced; this is only careful).
      const index = stack.map((element) => element.name).lastIndexOf(name);
      if (index !== -1) for (const element of stack.splice(index).reverse()) closeElement(element);
      emit(whole);
      continue;
    }
    emit(`<${rawName}`);
    const element: OpenElement = { name, insertAt: length, textKeys: [], attributeKeys: new Map() };
    if (anyMarkCharacter.test(attributes)) {
      for (const attribute of attributes.matchAll(/([^\s=]+)="([^"]*)"/g)) {
        const found = keysIn(attribute[2], keys);
        if (found.length > 0) element.attributeKeys.set(attribute[1].toLowerCase(), found);
      }
    }
    emit(`${stripMarks(attributes)}>`);
    if (voidElements.has(name) || attributes.endsWith('/')) closeElement(element);
    else if (rawTextElements.has(name) || name === 'title' || name === 'textarea') {
      // Raw text: up to the closing tag, whatever it holds.
      const end = html.toLowerCase().indexOf(`</${name}`, position);
      const inner = html.slice(position, end === -1 ? html.length : end);
      if (!rawTextElements.has(name)) element.textKeys.push(...keysIn(inner, keys));
      emit(stripMarks(inner));
      position = end === -1 ? html.length : end;
      tagPattern.lastIndex = position;
      stack.push(element);
    } else stack.push(element);
  }
  emit(stripMarks(html.slice(position)));
  for (const element of stack.reverse()) closeElement(element);

  const output = parts.join('');
  const pieces: string[] = [];
  let from = 0;
  for (const { at, text } of insertions.sort((a, b) => a.at - b.at)) {
    pieces.push(output.slice(from, at), text);
    from = at;
  }
  pieces.push(output.slice(from));
  return pieces.join('');
}

/** The page without the key attributes `placeMarks` added: for tests, the build's page again. */
export function removeKeyAttributes(html: string): string {
  return html.replace(/ data-site-key(?:-[\w:-]+)?="[^"]*"/g, '');
}

/** Fields of a legal document that are not words: a date, the name of a tariff table. */
const legalNonTexts = new Set(['lastUpdated', 'tariffTable']);
/** The key family of the legal documents' texts: `@legal.terms.sections.0.paragraphs.1` is in legal/<language>.yaml. */
export const legalKeyPrefix = '@legal';
/** The cookie policy's texts: `@cookie-policy.cookiePolicy.sections.0.heading` is in cookie-policy.yaml, one language only. */
export const cookiePolicyKeyPrefix = '@cookie-policy';

/**
 * The legal documents with each of their texts marked, under `@legal.` keys (and
 * the cookie policy's under `@cookie-policy.`): the
 * templates read them from the content, not through a text key. Every other part
 * of the content is handed over as it is.
 */
export function markLegalTexts<Content extends { legal: Record<string, unknown>; cookiePolicy: unknown }>(
  content: Content,
  mark: (key: string, text: string) => string,
): Content {
  const walk = (value: unknown, key: string, field: string): unknown => {
    if (typeof value === 'string') return legalNonTexts.has(field) ? value : mark(key, value);
    if (Array.isArray(value)) return value.map((item, index) => walk(item, `${key}.${index}`, field));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([name, item]) => [name, walk(item, `${key}.${name}`, name)]),
      );
    return value;
  };
  const legal = Object.fromEntries(
    Object.entries(content.legal).map(([language, documents]) => [
      language,
      walk(documents, legalKeyPrefix, ''),
    ]),
  );
  const cookiePolicy = walk(content.cookiePolicy, `${cookiePolicyKeyPrefix}.cookiePolicy`, '');
  return { ...content, legal, cookiePolicy };
}

/** The key family of plans.yaml's texts: `@plans.plans.0.name` (one language: plan names are names). */
export const plansKeyPrefix = '@plans';
/**
 * The settings' texts that pages show as they are, marked: each plan's name. Not
 * the brand, the partners, the payment methods, the address, phone numbers and
 * e-mail: the templates derive values from those too (the consent key, the width
 * of a partner's wordmark, links, structured data), which a mark would change,
 * or fill them into texts through placeholders.
 */
export function markSettingsTexts<Content extends { plans: { name: string }[] }>(
  content: Content,
  mark: (key: string, text: string) => string,
): Content {
  return {
    ...content,
    plans: content.plans.map((plan, index) => ({
      ...plan,
      name: mark(`${plansKeyPrefix}.plans.${index}.name`, plan.name),
    })),
  };
}
