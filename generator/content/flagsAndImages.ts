/** What the pages draw from the content: each language's flag, and the illustrations under content/images. */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { imageFileOf } from './contentPaths.ts';
import { type LanguageEntry } from '../model/languages.ts';
import { flagCountries, isFlagCountry } from '../model/flagCountries.ts';
import { requiredImages } from '../model/constants.ts';
import { type ParsedFile, ProblemList, positionOf } from './parsedFile.ts';
import { ContentFileError, outsideMessage, realContentPath } from './readContentFile.ts';

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

/** The illustrations the pages show must exist under content/images. */
export async function checkImages(contentDir: string, problems: ProblemList) {
  for (const name of requiredImages) {
    const file = path.join(contentDir, imageFileOf(name));
    const real = await realContentPath(contentDir, file).catch((error: unknown) => error);
    if (real instanceof ContentFileError) {
      problems.add('CONTENT_OUTSIDE', outsideMessage, file);
      continue;
    }
    const exists =
      typeof real === 'string' &&
      (await stat(real).then(
        (info) => info.isFile(),
        () => false,
      ));
    if (!exists)
      problems.add(
        'CONTENT_MISSING_FILE',
        'Required image is missing',
        file,
        undefined,
        `The pages show ${requiredImages.join(', ')} from content/images.`,
      );
  }
}
