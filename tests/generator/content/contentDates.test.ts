/** The date of each page: the newest of the content files it read, from git or else the files' times. */
import { execFileSync } from 'node:child_process';
import { cp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageLastModified, parseGitLog, readContentDates } from '../../../generator/content/contentDates.ts';
import { realRouteTable } from '../../helpers/routeTable.ts';
import { makeTempDir, realContent } from '../../helpers/site.ts';

const routeTable = realRouteTable;

describe('content dates', () => {
  it('takes the newest of the files a page read', () => {
    const [home] = routeTable.routes;
    const pages = [{ route: home, sources: ['site.yaml', 'texts/it/home.yaml'] }];
    expect(
      pageLastModified(pages, {
        'site.yaml': '2025-01-01',
        'texts/it/home.yaml': '2025-06-30',
        'zones.yaml': '2026-01-01',
      }),
    ).toEqual({ '/': '2025-06-30' });
    expect(pageLastModified(pages, {})).toEqual({});
  });

  it('uses the last commit of a committed file, so every build of one checkout dates alike', async () => {
    const dates = await readContentDates(realContent);
    const uncommitted = execFileSync('git', ['diff', '--name-only', '--relative', 'HEAD', '--', '.'], {
      cwd: realContent,
      encoding: 'utf8',
    }).split('\n');
    for (const file of ['site.yaml', 'zones.yaml', 'texts/it/home.yaml', 'legal/en.yaml'].filter(
      (candidate) => !uncommitted.includes(candidate),
    )) {
      const seconds = Number(
        execFileSync('git', ['log', '-1', '--format=%ct', '--', file], {
          cwd: realContent,
          encoding: 'utf8',
        }),
      );
      expect(dates[file], file).toBe(new Date(seconds * 1000).toISOString().slice(0, 10));
    }
    expect(await readContentDates(realContent)).toEqual(dates);
  });

  it('falls back to the modification time outside git, and the build needs no git', async () => {
    const workDir = await makeTempDir('dates');
    try {
      const content = path.join(workDir, 'content');
      await cp(realContent, content, { recursive: true });
      await utimes(
        path.join(content, 'zones.yaml'),
        new Date('2024-03-04T12:00:00Z'),
        new Date('2024-03-04T12:00:00Z'),
      );
      const dates = await readContentDates(content);
      expect(dates['zones.yaml']).toBe('2024-03-04');
      expect(Object.keys(dates)).toContain('texts/fr/home.yaml');
      // In one order whatever the walk's timing: the up-to-date key is made of them.
      expect(Object.keys(dates)).toEqual(Object.keys(dates).sort());
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });

  it('keeps git’s answers for the same commit and content, and asks git again after a commit', async () => {
    const workDir = await makeTempDir('dates-memory');
    try {
      const content = path.join(workDir, 'content');
      await mkdir(content);
      await writeFile(path.join(content, 'site.yaml'), 'brand: A\n');
      const git = (...args: string[]) =>
        execFileSync('git', args, {
          cwd: workDir,
          env: {
            ...process.env,
            GIT_AUTHOR_DATE: '2024-05-06T12:00:00Z',
            GIT_COMMITTER_DATE: '2024-05-06T12:00:00Z',
          },
        });
      git('init', '-q');
      git('-c', 'user.name=Test', '-c', 'user.email=test@example.org', 'add', '.');
      git('-c', 'user.name=Test', '-c', 'user.email=test@example.org', 'commit', '-q', '-m', 'first');
      const memory = { file: path.join(workDir, 'memory.json'), contentKey: 'bytes 1' };
      expect(await readContentDates(content, undefined, memory)).toEqual({ 'site.yaml': '2024-05-06' });
      // Kept: the same answer with no git to ask (on no PATH).
      const path_ = process.env.PATH;
      process.env.PATH = '';
      try {
        expect(await readContentDates(content, undefined, memory)).toEqual({ 'site.yaml': '2024-05-06' });
        // Other bytes of the content: git must be asked, and cannot be, so the file's time dates it.
        await utimes(path.join(content, 'site.yaml'), new Date('2023-01-02'), new Date('2023-01-02'));
        expect(
          await readContentDates(content, undefined, { ...memory, contentKey: 'bytes 2' }),
        ).toEqual({ 'site.yaml': '2023-01-02' });
      } finally {
        process.env.PATH = path_;
      }
      // A new commit: HEAD names another one, and git's new answer is taken.
      await writeFile(path.join(content, 'site.yaml'), 'brand: B\n');
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', 'commit', '-q', '-am', 'second'], {
        cwd: workDir,
        env: { ...process.env, GIT_AUTHOR_DATE: '2025-07-08T12:00:00Z', GIT_COMMITTER_DATE: '2025-07-08T12:00:00Z' },
      });
      expect(await readContentDates(content, undefined, memory)).toEqual({ 'site.yaml': '2025-07-08' });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });

  it('dates a renamed file by the commit that gave it its name', async () => {
    const workDir = await makeTempDir('dates-rename');
    try {
      const content = path.join(workDir, 'content');
      await mkdir(content);
      await writeFile(path.join(content, 'old.yaml'), 'title: Uno\n'.repeat(20));
      const commit = (date: string, ...args: string[]) =>
        execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], {
          cwd: workDir,
          env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
        });
      commit('2024-05-06T12:00:00Z', 'init', '-q');
      commit('2024-05-06T12:00:00Z', 'add', '.');
      commit('2024-05-06T12:00:00Z', 'commit', '-q', '-m', 'first');
      commit('2025-07-08T12:00:00Z', 'mv', 'content/old.yaml', 'content/new.yaml');
      commit('2025-07-08T12:00:00Z', 'commit', '-q', '-m', 'renamed');
      expect(await readContentDates(content)).toEqual({ 'new.yaml': '2025-07-08' });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });

  it('reads each file’s newest commit from one git log', () => {
    const log = ['\u00001700000000', '', 'a.yaml', 'b.yaml', '\u00001600000000', '', 'a.yaml', 'c.yaml'].join(
      '\n',
    );
    expect(parseGitLog(log)).toEqual({
      'a.yaml': 1_700_000_000_000,
      'b.yaml': 1_700_000_000_000,
      'c.yaml': 1_600_000_000_000,
    });
  });
});
