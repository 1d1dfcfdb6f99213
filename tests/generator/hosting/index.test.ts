/** The host registry: every host target's files written once, and hidden by every host. */
import { beforeAll, describe, expect, it } from 'vitest';
import { hostConfigFiles, hostTargets } from '../../../generator/hosting/index.ts';
import type { MemoryBuild } from '../../helpers/memoryBuild.ts';
import { sharedBuild } from '../../helpers/sharedBuild.ts';

let site: MemoryBuild;

beforeAll(async () => {
  site = await sharedBuild();
});

describe('host registry', () => {
  it('writes every file of every host target, each once, and hides each of them in every host file', () => {
    expect(hostConfigFiles).toEqual(hostTargets.flatMap((target) => target.files.map((file) => file.name)));
    expect(new Set(hostConfigFiles).size).toBe(hostConfigFiles.length);
    for (const name of hostConfigFiles) expect(site.paths, name).toContain(name);
    for (const file of ['_redirects', 'vercel.json', 'nginx.conf', '.htaccess']) {
      // Written as a regular expression in some files: read without the escaping backslashes.
      for (const name of hostConfigFiles)
        expect(site.text(file).replaceAll('\\', ''), `${name} in ${file}`).toContain(name);
    }
  });
});
