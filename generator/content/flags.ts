/** Every language's flag, which the language buttons draw. */
import { type LanguageEntry } from '../model/languages.ts';
import { flagCountries, isFlagCountry } from '../model/flagCountries.ts';
import { type ParsedFile, ProblemList, positionOf } from './parsedFile.ts';

/** Every language's button shows its country's flag: the templates must be able to draw it. */
export function checkFlags(languages: LanguageEntry[], file: ParsedFile, problems: ProblemList) {
  languages.forEach((language, index) => {
    if (!isFlagCountry(language.flag)) {
      problems.add(
        'CONTENT_REFERENCE',
        `languages[${index}].flag: No flag drawn for "${language.flag}"`,
        file.displayPath,
        positionOf(file, ['languages', index, 'flag']),
        `Flags are drawn for ${flagCountries.join(', ')}; add the country's flag to templates/flags.tsx.`,
      );
    }
  });
}
