/** One in-memory build of the real content per test file, through the swappable writer. */
import { build, type BuildReport } from '../../generator/build/pipeline.ts';
import { createMemoryWriter } from '../../generator/build/writer.ts';
import { realOrigin } from './routeTable.ts';
import { realContent } from './site.ts';

export interface MemoryBuild {
  report: BuildReport;
  text(path: string): string;
  bytes(path: string): Uint8Array;
  paths: string[];
}

export async function buildInMemory(contentDir = realContent): Promise<MemoryBuild> {
  const writer = createMemoryWriter();
  // The real content's origin, which the tests reading this build expect in its URLs.
  const report = await build({ contentDir, writer, baseUrl: realOrigin });
  const get = (path: string) => {
    const contents = writer.files.get(path);
    if (contents === undefined) throw new Error(`not built: ${path}`);
    return contents;
  };
  return {
    report,
    text: (path) => {
      const contents = get(path);
      return typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8');
    },
    bytes: (path) => {
      const contents = get(path);
      return typeof contents === 'string' ? new TextEncoder().encode(contents) : contents;
    },
    paths: [...writer.files.keys()],
  };
}
