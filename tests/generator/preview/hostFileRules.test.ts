/** The preview's reading of `_redirects` and `_headers`: Netlify's syntax and matching, on small inline files. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedHostingRules } from '../../../generator/hosting/index.ts';
import {
  parseHeaders,
  parseRedirects,
  readSiteRules,
  ruleMatches,
  sourcePattern,
} from '../../../generator/preview/hostFileRules.ts';
import { makeTempDir } from '../../helpers/site.ts';

describe('sourcePattern', () => {
  it('matches a path with or without its trailing slash', () => {
    const pattern = sourcePattern('/pagina-prova/');
    expect(pattern.test('/pagina-prova')).toBe(true);
    expect(pattern.test('/pagina-prova/')).toBe(true);
    expect(pattern.test('/pagina-prova/more')).toBe(false);
    expect(pattern.test('/pagina-provax')).toBe(false);
  });

  it('lets :name stand for exactly one segment and * for the rest of the path', () => {
    const section = sourcePattern('/sezioni/:section');
    expect(section.test('/sezioni/terms')).toBe(true);
    expect(section.test('/sezioni/terms/')).toBe(true);
    expect(section.test('/sezioni/terms/old')).toBe(false);
    const rest = sourcePattern('/en/*');
    expect(rest.test('/en/pagina-prova/')).toBe(true);
    expect(rest.test('/en/a/b/c')).toBe(true);
    expect(rest.test('/de/pagina-prova/')).toBe(false);
  });

  it('takes the other characters literally', () => {
    const pattern = sourcePattern('/a.b+c');
    expect(pattern.test('/a.b+c')).toBe(true);
    expect(pattern.test('/axbbc')).toBe(false);
  });
});

describe('parseRedirects', () => {
  it('reads source, target and status, 301 when none is written, skipping blank lines and comments', () => {
    const rules = parseRedirects('# forwards\n\n/old  /new/\n/gone /410.html 410\n');
    expect(rules.map(({ from, to, status, force, host }) => ({ from, to, status, force, host }))).toEqual([
      { from: '/old', to: '/new/', status: 301, force: false, host: undefined },
      { from: '/gone', to: '/410.html', status: 410, force: false, host: undefined },
    ]);
  });

  it('reads `!` after the status as forced', () => {
    const [rule] = parseRedirects('/ /index.html 200!');
    expect(rule).toMatchObject({ status: 200, force: true });
  });

  it('takes the host out of a full URL source, so the rule applies on that host only', () => {
    const [rule] = parseRedirects('https://Cockpit.Example.test/* /cockpit.html 200!');
    expect(rule).toMatchObject({ host: 'cockpit.example.test', from: '/*' });
    expect(ruleMatches(rule, 'cockpit.example.test', '/anything')).toBe(true);
    expect(ruleMatches(rule, 'www.example.test', '/anything')).toBe(false);
  });

  it('matches a rule without a host on any host', () => {
    const [rule] = parseRedirects('/pagina-prova /terms/#privacy');
    expect(ruleMatches(rule, 'a.example', '/pagina-prova/')).toBe(true);
    expect(ruleMatches(rule, 'b.example', '/pagina-prova')).toBe(true);
    expect(ruleMatches(rule, 'b.example', '/terms/')).toBe(false);
  });
});

describe('parseHeaders', () => {
  it('reads a path line, then its indented header lines, with a trailing * as a prefix', () => {
    const text = [
      '# every page',
      '/*',
      '  X-Frame-Options: DENY',
      "  Content-Security-Policy: default-src 'self'; img-src data:",
      '',
      '/assets/*',
      '  Cache-Control: public, max-age=31536000, immutable',
      '/robots.txt',
      '  Cache-Control: no-cache',
    ].join('\n');
    expect(parseHeaders(text)).toEqual([
      {
        pattern: '/',
        splat: true,
        headers: [
          ['X-Frame-Options', 'DENY'],
          ['Content-Security-Policy', "default-src 'self'; img-src data:"],
        ],
      },
      {
        pattern: '/assets/',
        splat: true,
        headers: [['Cache-Control', 'public, max-age=31536000, immutable']],
      },
      { pattern: '/robots.txt', splat: false, headers: [['Cache-Control', 'no-cache']] },
    ]);
  });
});

describe('readSiteRules', () => {
  it('gives a path the headers of every rule that matches it, a later rule overriding an earlier one', async () => {
    const dir = await makeTempDir('host-file-rules');
    await writeFile(path.join(dir, '_redirects'), '/old /new/ 301\n');
    await writeFile(
      path.join(dir, '_headers'),
      '/*\n  X-Frame-Options: DENY\n/assets/*\n  Cache-Control: immutable\n/robots.txt\n  Cache-Control: no-cache\n',
    );
    const rules = await readSiteRules(dir);
    expect(rules.redirects.map((rule) => rule.to)).toEqual(['/new/']);
    expect(rules.headersFor('/assets/site.css')).toEqual({
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'immutable',
    });
    expect(rules.headersFor('/robots.txt')['Cache-Control']).toBe('no-cache');
    expect(rules.headersFor('/robots.txt/more')['Cache-Control']).toBe(fixedHostingRules.caching.html);
  });

  it('gives a folder without rule files no redirects and the pages’ caching only', async () => {
    const dir = await makeTempDir('host-file-rules-none');
    await mkdir(path.join(dir, 'en'));
    const rules = await readSiteRules(dir);
    expect(rules.redirects).toEqual([]);
    expect(rules.headersFor('/en/')).toEqual({ 'Cache-Control': fixedHostingRules.caching.html });
  });
});
