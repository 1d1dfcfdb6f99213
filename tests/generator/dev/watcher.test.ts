/** The watcher's filter: the scratch files editors write beside the files they save. */
import { describe, expect, it } from 'vitest';
import { isEditorScratchFile } from '../../../generator/dev/watcher.ts';

describe('isEditorScratchFile', () => {
  it('knows editors’ swap, lock, backup and temporary files, and not the site’s files', () => {
    for (const file of ['/c/texts/.home.yaml.swp', '/c/texts/.#home.yaml', '/c/texts/home.yaml~', '/c/texts/4913', '/c/plans.yaml.tmp']) expect(isEditorScratchFile(file), file).toBe(true);
    for (const file of ['/c/texts/home.yaml', '/c/images/vision.svg', '/t/pages/HomePage.tsx', '/c/client/styles.css']) expect(isEditorScratchFile(file), file).toBe(false);
  });
});
