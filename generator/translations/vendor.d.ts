/** The parts of the `xliff` package (which ships no types) that the translations module uses. */
declare module 'xliff' {
  /** Text, or text mixed with inline elements such as `{ Standalone: { id, 'equiv-text' } }` (`<x/>`). */
  export type XliffValue = string | (string | Record<string, Record<string, unknown>>)[];
  export interface XliffUnit {
    source?: XliffValue;
    target?: XliffValue;
    note?: string | string[];
    additionalAttributes?: Record<string, string>;
  }
  export interface XliffDocument {
    sourceLanguage?: string;
    targetLanguage?: string;
    /** File (`original`) to unit id to unit. */
    resources: Record<string, Record<string, XliffUnit>>;
  }
  export function jsToXliff12(document: XliffDocument, options?: { indent?: string }): Promise<string>;
  /** Options go to xml-js; `captureSpacesBetweenElements` keeps the space between two placeholders. */
  export function xliff12ToJs(
    xml: string,
    options?: { captureSpacesBetweenElements?: boolean },
  ): Promise<XliffDocument>;
}
