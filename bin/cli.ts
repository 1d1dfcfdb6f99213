/**
 * The `site` CLI. Exit codes: 0 success, 1 content or build error, 2 usage error.
 * A SiteError is printed as its located message and hint, never as a stack.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import type { BuildReport } from '../generator/build/pipeline.ts';
import {
  displayPath,
  formatSiteError,
  isSiteError,
  readProblemSource,
  SiteError,
  type SiteCommand,
} from '../generator/errors/siteError.ts';
import { gateNames, type GateName } from '../generator/check/types.ts';

// Each command imports its modules when it runs: `site --help`, `--version` and a
// usage error load commander and nothing of the build (React, esbuild, satori…).
const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

function parseBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('Expected an absolute URL such as https://www.example.com');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new InvalidArgumentError('Expected an http(s) URL');
  if (url.pathname !== '/' || url.search || url.hash)
    throw new InvalidArgumentError('Expected an origin without a path, e.g. https://www.example.com');
  return url.origin;
}

type Verbosity = 'quiet' | 'normal' | 'verbose';

/** The summary's lines on stdout and its warnings last on stderr, each stream coloured only if it is a terminal. */
async function printSummary(report: BuildReport, verbosity: Verbosity) {
  const { formatSummary, wantsColour } = await import('../generator/build/summary.ts');
  const destination = displayPath(report.destination);
  for (const line of formatSummary(report, {
    verbosity,
    colour: wantsColour(process.stdout, process.env),
    destination,
  }).lines)
    console.log(line);
  for (const line of formatSummary(report, {
    verbosity,
    colour: wantsColour(process.stderr, process.env),
    destination,
  }).warnings)
    console.warn(line);
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** A build skipped because nothing changed: what was checked, and the last build's warnings again. */
async function printUnchanged(previous: BuildReport, milliseconds: number, verbosity: Verbosity) {
  const pageCount = previous.languages.reduce(
    (total, language) => total + previous.pagesByLanguage[language],
    0,
  );
  if (verbosity !== 'quiet') {
    console.log(
      `Nothing changed since the last build (content, templates, scripts, styles, packages and options compared): ${displayPath(previous.destination)} already holds its ${pageCount} pages, ${previous.fileCount} files, ${formatBytes(previous.bytes)}; checked in ${(milliseconds / 1000).toFixed(2)} s. (--no-cache builds anyway.)`,
    );
  }
  await printSummary(previous, 'quiet');
}

/** An error raised while a command ran, with the command's own name for its failure ("Build failed."). */
class CommandFailure extends Error {
  constructor(
    readonly failure: string,
    readonly error: unknown,
  ) {
    super(failure, { cause: error });
  }
}

/** Wraps a command's action so that whatever it throws is reported under the command's own failure. */
const failsAs =
  <Args extends unknown[]>(failure: string, action: (...args: Args) => Promise<void>) =>
  async (...args: Args) => {
    try {
      await action(...args);
    } catch (error) {
      throw new CommandFailure(failure, error);
    }
  };

const program = new Command()
  .name('site')
  .description('Builds the four-language marketing website from the YAML content.')
  .version(packageJson.version)
  .showHelpAfterError()
  .exitOverride()
  .configureOutput({ outputError: (text, write) => write(text) });

/** The command that runs (`translations` for `site translations status`): its errors' hints speak its words. */
let runningCommand: SiteCommand | undefined;
program.hook('preAction', (_program, action) => {
  let command = action;
  while (command.parent && command.parent !== program) command = command.parent;
  runningCommand = command.name() as SiteCommand;
});

program
  .command('build')
  .description('Validate the content and build the site into the output folder.')
  .addOption(new Option('--content <dir>', 'content folder').default('content'))
  .addOption(
    new Option('--out <dir>', 'output folder; replaced only when the build succeeds').default('dist'),
  )
  .addOption(
    new Option('--base-url <url>', 'public origin, overriding the one in site.yaml').argParser(parseBaseUrl),
  )
  .option('--strict', 'fail when a translation or a whole text file is missing', false)
  .option(
    '--no-cache',
    'build even when nothing changed, and draw every image anew; neither read nor write the caches',
  )
  .addOption(
    new Option(
      '--cache-dir <dir>',
      'image cache folder (default: node_modules/.cache/site/images of the project)',
    ),
  )
  .addOption(new Option('--quiet', 'print only warnings and errors').conflicts('verbose'))
  .option('--verbose', 'list every missing and unused text', false)
  .action(
    failsAs(
      'Build failed.',
      async (options: {
        content: string;
        out: string;
        baseUrl?: string;
        strict: boolean;
        cache: boolean;
        cacheDir?: string;
        quiet?: boolean;
        verbose: boolean;
      }) => {
        const started = performance.now();
        const verbosity: Verbosity = options.quiet ? 'quiet' : options.verbose ? 'verbose' : 'normal';
        const contentDir = path.resolve(options.content);
        const outDir = path.resolve(options.out);
        // Nothing changed since the last build into this folder: it already holds what a build would write.
        const upToDate = await import('../generator/build/upToDate.ts');
        const { cacheRoot, projectRoot } = await import('../generator/project.ts');
        const inputs = {
          projectRoot,
          contentDir,
          baseUrl: options.baseUrl,
          strict: options.strict,
          year: new Date().getFullYear(),
          // Remembered digests and git's answers: none under --no-cache, which reads every file and asks git.
          memoryDir: options.cache ? path.join(cacheRoot, 'inputs') : undefined,
        };
        const inputState = await upToDate.readBuildInputs(inputs);
        const recordFile = upToDate.recordFileFor(upToDate.defaultBuildRecordDir, outDir);
        // --no-cache builds anyway, and still records the build: its output is the same bytes.
        if (options.cache) {
          const { report: previous, reason } = await upToDate.upToDateReport(recordFile, outDir, inputState);
          if (previous) return printUnchanged(previous, performance.now() - started, verbosity);
          if (reason && verbosity !== 'quiet') console.log(`Building: ${reason}.`);
        }
        const [{ build }, { createDirectoryWriter }, incremental] = await Promise.all([
          import('../generator/build/pipeline.ts'),
          import('../generator/build/writer.ts'),
          import('../generator/build/incremental.ts'),
        ]);
        // The pages whose inputs did not change since the last build into this folder are reused; --no-cache renders all.
        const previous = options.cache
          ? await incremental.previousOutput(recordFile, outDir, inputState)
          : undefined;
        // Pages rendered by any earlier build whose content files are unchanged; --no-cache neither reads nor keeps them.
        const pageStore = options.cache
          ? {
              dir: incremental.defaultPageStoreDir,
              codeVersion: upToDate.codeVersionOf(inputState),
              contentDigests: Object.fromEntries(
                Object.entries(inputState.digests)
                  .filter(([name]) => name.startsWith('content/'))
                  .map(([name, digest]) => [name.slice('content/'.length), digest]),
              ),
            }
          : undefined;
        let pageRecord: Parameters<typeof incremental.recordPages> | undefined;
        // The content files the editors' schemas are made from, as this build parsed them.
        let schemaSources: import('../generator/content/editorSchemas.ts').ParsedSources | undefined;
        const { isSchemaSource, refreshSchemaFiles, schemaSourcesOf, writeSchemaFiles } =
          await import('../generator/content/editorSchemas.ts');
        // A progress line only where someone watches: a terminal, and not under --quiet.
        const progress = process.stderr.isTTY && verbosity !== 'quiet';
        const clearProgress = () => progress && process.stderr.write('\r\x1b[K');
        // Replacing the output deletes it: it must never hold the content, the project or the working folder.
        const writer = createDirectoryWriter(options.out, {
          protectedDirs: [contentDir, projectRoot, process.cwd()],
        });
        const report = await build({
          contentDir,
          writer,
          baseUrl: options.baseUrl,
          strict: options.strict,
          cache: options.cache,
          cacheDir: options.cacheDir && path.resolve(options.cacheDir),
          codeVersion: upToDate.codeVersionOf(inputState),
          pageStore,
          previous,
          contentDates: inputState.contentDates,
          onParsed: (documents, reference) => {
            schemaSources = schemaSourcesOf(documents, contentDir, reference);
          },
          onPages: (pageFacing, pages) => {
            pageRecord = [recordFile, inputState, pageFacing, pages];
          },
          onStep: progress
            ? (label, index, total) => process.stderr.write(`\r\x1b[K[${index}/${total}] ${label}…`)
            : undefined,
        }).finally(clearProgress);
        // The editors' schemas follow the content they were built from: no separate command after an edit.
        if (options.cache) {
          // Made from the code and the files below only: redone when one of them changed.
          const [reference] = report.languages;
          const schemaInputs = Object.keys(inputState.digests)
            .filter(
              (name) =>
                name.startsWith('content/') && isSchemaSource(name.slice('content/'.length), reference),
            )
            .sort()
            .map((name) => `${name}\0${inputState.digests[name]}`);
          await refreshSchemaFiles(
            contentDir,
            upToDate.sha256([upToDate.codeVersionOf(inputState), ...schemaInputs].join('\n')),
            upToDate.recordFileFor(path.join(cacheRoot, 'schemas'), contentDir),
            { parsed: schemaSources },
          );
        } else await writeSchemaFiles(contentDir, { parsed: schemaSources });
        await printSummary(report, verbosity);
        await upToDate.recordBuild(recordFile, outDir, inputState, report, writer.digests?.());
        if (pageRecord) await incremental.recordPages(...pageRecord);
        // Stored pages that cannot be written only make a later build slower: never a failed build.
        if (pageRecord && pageStore)
          await incremental.keepPages(pageStore, pageRecord[2], pageRecord[3], outDir).catch(() => {});
      },
    ),
  );

program
  .command('schema')
  .description(
    'Write the JSON Schemas that give editors completion and checks while typing, and name each in its content file.',
  )
  .addOption(new Option('--content <dir>', 'content folder').default('content'))
  .addOption(new Option('--out <dir>', 'schemas folder').default('schemas'))
  .option('--check', 'write nothing; fail when a schema is not current', false)
  .action(
    failsAs('Schema failed.', async (options: { content: string; out: string; check: boolean }) => {
      // zod and yaml only: writing schemas loads nothing of the build.
      const { staleEditorSchemas, writeEditorSchemas } =
        await import('../generator/content/editorSchemas.ts');
      const contentDir = path.resolve(options.content);
      const schemaDir = path.resolve(options.out);
      if (options.check) {
        const stale = await staleEditorSchemas(contentDir, schemaDir);
        if (stale.length > 0) {
          throw new SiteError({
            code: 'SCHEMA_STALE',
            message: `${stale.length} schema file${stale.length === 1 ? ' is' : 's are'} not current: ${stale.join(', ')}`,
            location: { file: schemaDir },
          });
        }
        console.log(`The schemas in ${displayPath(schemaDir)} are current.`);
        return;
      }
      const report = await writeEditorSchemas(contentDir, schemaDir);
      if (report.modelined.length > 0)
        console.log(
          `  ${report.modelined.length} content file${report.modelined.length === 1 ? ' now names its' : 's now name their'} schema in the first line`,
        );
      for (const file of report.removed) console.log(`  removed ${displayPath(path.join(schemaDir, file))}`);
      console.log(
        `${report.written.length} schema file${report.written.length === 1 ? '' : 's'} written to ${displayPath(schemaDir)}${report.written.length === 0 ? ' (all were current)' : ''}.`,
      );
    }),
  );

function parseGateList(value: string): GateName[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(gateNames as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0)
    throw new InvalidArgumentError(
      `Expected gates from ${gateNames.join(', ')} separated by commas${unknown.length > 0 ? `; unknown: ${unknown.join(', ')}` : ''}`,
    );
  return names as GateName[];
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('Expected a port number from 0 to 65535');
  return port;
}

program
  .command('preview')
  .description('Serve the built folder on this machine with the same rules the hosts get.')
  .addOption(new Option('--dir <dir>', 'built folder to serve').default('dist'))
  .addOption(new Option('--port <port>', 'port to listen on').default(4173).argParser(parsePort))
  .addOption(new Option('--host <host>', 'address to listen on').default('127.0.0.1'))
  .action(
    failsAs('Preview failed.', async (options: { dir: string; port: number; host: string }) => {
      // A build killed while swapping its output in may have left no folder here, only its complete output beside it.
      const { recoverOutput } = await import('../generator/build/writer.ts');
      for (const note of await recoverOutput(path.resolve(options.dir))) console.warn(`Note: ${note}`);
      if (!existsSync(path.join(options.dir, 'index.html'))) {
        throw new SiteError({
          code: 'PREVIEW_FAILED',
          message: `Nothing to preview: ${options.dir} has no index.html`,
          location: { file: options.dir },
          hint: 'Run `site build` first.',
        });
      }
      const { startPreviewServer } = await import('../generator/preview/previewServer.ts');
      const server = await startPreviewServer({ dir: options.dir, port: options.port, host: options.host });
      console.log(`Previewing ${options.dir} at ${server.url}/ (Ctrl-C to stop)`);
      console.log(`The cockpit host's rules apply to requests whose Host header names it.`);
    }),
  );

program
  .command('check')
  .description(
    'Check that the built folder is fit to publish: links, HTML, accessibility, translations, head, budgets, privacy, layout.',
  )
  .addOption(new Option('--dir <dir>', 'built folder to check').default('dist'))
  .addOption(
    new Option('--content <dir>', 'content folder it was built from (texts and their history)').default(
      'content',
    ),
  )
  .addOption(
    new Option('--only <gates>', `comma-separated gates to run (${gateNames.join(', ')})`).argParser(
      parseGateList,
    ),
  )
  .option('--json', 'print the report as JSON for machines', false)
  .option('--strict', 'fail on warnings and on gates skipped for a missing tool', false)
  .option('--external', 'fetch external links instead of only listing them', false)
  .addOption(new Option('--report <dir>', "the layout gate's contact sheet").default('check-report'))
  .option('--no-screenshots', 'no screenshots, no contact sheet, no comparison with the baseline')
  .addOption(new Option('--baseline <dir>', 'the accepted screenshots').default('check-baseline'))
  .option('--accept', "keep this check's screenshots as the accepted baseline", false)
  .action(
    failsAs(
      'Check failed.',
      async (options: {
        dir: string;
        content: string;
        only?: GateName[];
        json: boolean;
        strict: boolean;
        external: boolean;
        report: string;
        screenshots: boolean;
        baseline: string;
        accept: boolean;
      }) => {
        // Loaded only when checking: the gates pull in linkinator, playwright and axe.
        const { runCheck } = await import('../generator/check/runner.ts');
        const { formatGateProblems, formatSummary } = await import('../generator/check/report.ts');
        const report = await runCheck({
          dir: options.dir,
          contentDir: options.content,
          only: options.only,
          strict: options.strict,
          external: options.external,
          layout: {
            reportDir: options.screenshots || options.accept ? path.resolve(options.report) : undefined,
            baselineDir: path.resolve(options.baseline),
            accept: options.accept,
          },
          onGate: options.json
            ? undefined
            : (result) => {
                for (const line of formatGateProblems(result)) console.log(line);
              },
        });
        if (options.json) console.log(JSON.stringify(report, null, 2));
        else console.log(formatSummary(report).join('\n'));
        const sheet = path.join(options.report, 'index.html');
        if (
          !options.json &&
          (options.screenshots || options.accept) &&
          report.gates.some((gate) => gate.gate === 'layout' && !gate.skipped)
        )
          console.log(`Contact sheet: ${sheet}`);
        if (!report.passed) process.exitCode = 1;
      },
    ),
  );

program
  .command('dev')
  .description('Build, serve and rebuild on every save, with live reload and errors shown in the browser.')
  .addOption(new Option('--content <dir>', 'content folder').default('content'))
  .addOption(new Option('--port <port>', 'port to listen on').default(4321).argParser(parsePort))
  .addOption(new Option('--host <host>', 'address to listen on').default('127.0.0.1'))
  .action(
    failsAs('site dev failed.', async (options: { content: string; port: number; host: string }) => {
      // Loaded only for this command: the watcher and the dev server are of no use to a build.
      const [{ startDevServer }, { projectRoot }] = await Promise.all([
        import('../generator/dev/devServer.ts'),
        import('../generator/project.ts'),
      ]);
      const dev = await startDevServer({
        projectRoot,
        contentDir: path.resolve(options.content),
        port: options.port,
        host: options.host,
        // What `site build` published (its default output folder) must keep answering here too.
        publishedDir: path.resolve('dist'),
      });
      const firstBuild =
        dev.firstBuildMilliseconds === undefined
          ? 'the first build failed, fix the content and save'
          : `first build in ${(dev.firstBuildMilliseconds / 1000).toFixed(2)} s`;
      console.log(
        `site dev at ${dev.url}/ (${firstBuild}); watching ${path.relative(process.cwd(), options.content) || '.'}, templates and client. Ctrl-C to stop.`,
      );
      const stop = () => {
        process.off('SIGINT', stop).off('SIGTERM', stop);
        // A rebuild still drawing images is not waited for: its output was private.
        void dev.close().finally(() => {
          console.log('site dev stopped.');
          process.exit(0);
        });
      };
      process.on('SIGINT', stop).on('SIGTERM', stop);
    }),
  );

const translations = program
  .command('translations')
  .description(
    'For translators: what to translate or review, confirm translations, and XLIFF for agencies (docs/translating.md).',
  );
const contentOption = () => new Option('--content <dir>', 'content folder').default('content');
const parseStatuses = (value: string) => {
  const statuses = value.split(',').map((status) => status.trim());
  const known = ['missing', 'outdated', 'untranslated', 'current'];
  const unknown = statuses.filter((status) => !known.includes(status));
  if (unknown.length > 0)
    throw new InvalidArgumentError(
      `Expected statuses from ${known.join(', ')}; unknown: ${unknown.join(', ')}`,
    );
  return statuses;
};

translations
  .command('status')
  .description(
    'Per language and file, how many texts are current, outdated, missing or untranslated; then each that is not current.',
  )
  .addOption(contentOption())
  .option('--language <code>', 'one language only')
  .option('--json', 'print the report as JSON for machines', false)
  .action(
    failsAs('Status failed.', async (options: { content: string; language?: string; json: boolean }) => {
      const { readTranslationState } = await import('../generator/translations/status.ts');
      const { statusReport, formatStatusReport } = await import('../generator/translations/report.ts');
      const { wantsColour } = await import('../generator/build/summary.ts');
      const state = await readTranslationState(path.resolve(options.content));
      if (options.language !== undefined && !state.targets.includes(options.language))
        throw new SiteError({
          code: 'TRANSLATION_UNKNOWN_TARGET',
          message: `"${options.language}" is not a translated language`,
          hint: `The translated languages are ${state.targets.join(', ')}.`,
        });
      const report = statusReport(state, options.language);
      if (options.json) console.log(JSON.stringify(report, null, 2));
      else
        for (const line of formatStatusReport(report, {
          colour: wantsColour(process.stdout, process.env),
          contentPrefix: `${displayPath(options.content)}/`,
        }))
          console.log(line);
    }),
  );

translations
  .command('confirm')
  .description(
    "Record that translations were checked against today's reference text and fit, without changing them: keys, files or languages, or --all.",
  )
  .argument('[targets...]', 'keys (home.hero.title), files (content/texts/de/home.yaml) or languages (de)')
  .addOption(contentOption())
  .option('--language <code>', 'only the translations of this language')
  .option('--all', 'every outdated and untranslated text (of --language, if given)', false)
  .option(
    '--correction',
    'the reference texts named were only corrected (a typo): their translations in every language stay current',
    false,
  )
  .action(
    failsAs(
      'Confirm failed.',
      async (
        targets: string[],
        options: { content: string; language?: string; all: boolean; correction: boolean },
      ) => {
        const { readTranslationState } = await import('../generator/translations/status.ts');
        const { confirmTranslations } = await import('../generator/translations/confirm.ts');
        const state = await readTranslationState(path.resolve(options.content));
        const report = await confirmTranslations(state, { targets, ...options });
        const languages = [...new Set(report.confirmed.map((text) => text.language))];
        console.log(
          report.confirmed.length === 0
            ? 'Nothing to confirm: the texts named are current (or missing).'
            : `Confirmed ${report.confirmed.length} translation${report.confirmed.length === 1 ? '' : 's'} (${languages.join(', ')}) against today's ${state.languages.default} text${options.correction ? ' (a correction)' : ''}.`,
        );
        if (report.missing.length > 0)
          console.log(
            `${report.missing.length} of the texts named have no translation to confirm (missing): translate them first.`,
          );
        for (const file of report.written)
          console.log(`  wrote ${displayPath(path.join(options.content, file))}`);
      },
    ),
  );

translations
  .command('export')
  .description('Write an XLIFF 1.2 file per language for a translation agency (or CSV for a spreadsheet).')
  .argument('[languages...]', 'languages to export (default: every translated language)')
  .addOption(contentOption())
  .addOption(new Option('--out <dir>', 'folder for the files').default('.'))
  .addOption(
    new Option('--only <statuses>', 'only texts of these statuses, e.g. outdated,missing').argParser(
      parseStatuses,
    ),
  )
  .addOption(new Option('--format <format>', 'file format').choices(['xliff', 'csv']).default('xliff'))
  .action(
    failsAs(
      'Export failed.',
      async (
        languages: string[],
        options: { content: string; out: string; only?: string[]; format: 'xliff' | 'csv' },
      ) => {
        const { mkdir, writeFile } = await import('node:fs/promises');
        const { readTranslationState } = await import('../generator/translations/status.ts');
        const { pageAddresses } = await import('../generator/translations/pageAddress.ts');
        const contentDir = path.resolve(options.content);
        const [state, address] = await Promise.all([
          readTranslationState(contentDir),
          pageAddresses(contentDir),
        ]);
        const unknown = languages.filter((language) => !state.targets.includes(language));
        if (unknown.length > 0)
          throw new SiteError({
            code: 'TRANSLATION_UNKNOWN_TARGET',
            message: `Not a translated language: ${unknown.join(', ')}`,
            hint: `The translated languages are ${state.targets.join(', ')}.`,
          });
        await mkdir(options.out, { recursive: true });
        const write =
          options.format === 'csv'
            ? (await import('../generator/translations/csvExport.ts')).exportCsv
            : (await import('../generator/translations/xliffExport.ts')).exportXliff;
        for (const language of languages.length > 0 ? languages : state.targets) {
          const texts = state.texts.filter(
            (text) => text.language === language && (!options.only || options.only.includes(text.status)),
          );
          const file = path.join(
            options.out,
            `translations-${language}.${options.format === 'csv' ? 'csv' : 'xlf'}`,
          );
          await writeFile(
            file,
            await write({ language, reference: state.languages.default, texts, address }),
          );
          console.log(`  ${displayPath(file)}  ${texts.length} text${texts.length === 1 ? '' : 's'}`);
        }
      },
    ),
  );

translations
  .command('import')
  .description(
    'Read a translated XLIFF 1.2 file back into the texts and the record; with any problem, write nothing and list them all.',
  )
  .argument('<file>', 'the XLIFF file')
  .addOption(contentOption())
  .action(
    failsAs('Import failed.', async (file: string, options: { content: string }) => {
      const { readTranslationState } = await import('../generator/translations/status.ts');
      const { importXliff } = await import('../generator/translations/xliffImport.ts');
      const state = await readTranslationState(path.resolve(options.content));
      const report = await importXliff(state, file);
      console.log(
        `${report.language}: ${report.written.length} translation${report.written.length === 1 ? '' : 's'} written, ${report.confirmed.length} confirmed unchanged, ${report.skipped.length} left as they were (marked as not translated yet, or empty).`,
      );
      if (report.stillOutdated.length > 0)
        console.log(
          `  ${report.stillOutdated.length} were translated from an older ${state.languages.default} text and stay outdated: ${report.stillOutdated.join(', ')}`,
        );
      for (const written of report.files)
        console.log(`  wrote ${displayPath(path.join(options.content, written))}`);
    }),
  );

async function main() {
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successes; every other commander error is a usage error.
      process.exitCode = error.exitCode === 0 ? 0 : 2;
    } else if (error instanceof CommandFailure && isSiteError(error.error)) {
      console.error(
        `${error.failure}\n${formatSiteError(error.error, { readSource: readProblemSource, command: runningCommand })}`,
      );
      process.exitCode = 1;
    } else {
      console.error('Internal error (a bug in the generator, not in your content):');
      console.error(error instanceof CommandFailure ? error.error : error);
      process.exitCode = 1;
    }
  }
}

void main();
