/** The paths no page may take: the list holds every name the build writes at the output's root. */
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { hostConfigFiles } from '../../../generator/hosting/index.ts';
import { reservedPathReason, reservedRootNames } from '../../../generator/model/reservedPaths.ts';
import { realLanguages, realRouteTable } from '../../helpers/routeTable.ts';
import { sharedDist } from '../../helpers/sharedBuild.ts';

describe('reserved paths', () => {
  it("holds every name at the built output's root that is not a page's own path", async () => {
    const pageRoots = new Set(realRouteTable.routes.map((route) => route.file.split('/')[0]));
    const rootNames = await readdir(sharedDist());
    const unreserved = rootNames.filter(
      (name) => !pageRoots.has(name) && !reservedRootNames.has(name) && name !== 'index.html',
    );
    expect(unreserved).toEqual([]);
    for (const name of rootNames.filter((name) => !pageRoots.has(name) && name !== 'index.html'))
      expect(reservedPathReason(`/${name}/`, realLanguages.codes, true), name).toBeDefined();
  });

  it("holds every host's configuration file", () => {
    for (const name of hostConfigFiles) expect(reservedRootNames.has(name), name).toBe(true);
  });

  it('names the language prefixes, at the root only', () => {
    expect(reservedPathReason('/en/', realLanguages.codes, true)).toBe('"en" is a language prefix');
    expect(reservedPathReason('/en/assets/', realLanguages.codes, false)).toBeUndefined();
    expect(reservedPathReason('/a-page/', realLanguages.codes, true)).toBeUndefined();
  });
});
