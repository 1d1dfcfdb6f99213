/**
 * Starts one Chromium per test run for every browser test file: each file connects
 * to it (tests/helpers/browser.ts) instead of launching a browser of its own, which
 * takes seconds on a busy machine. Without Chromium nothing starts, and the browser
 * tests skip or fail as tests/helpers/browser.ts decides.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumArgs } from '../../generator/check/browser.ts';
import { chromiumPath, hasChromium } from '../../generator/check/tools.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's WebSocket endpoint for `chromium.connect`; '' without Chromium. */
    browserEndpoint: string;
    /** What the test browsers handed to the desktop (`xdg-email mailto:…`), a line each. */
    desktopLog: string;
  }
}

/**
 * The environment of every test browser: `tests/helpers/no-desktop-apps/` first on its PATH, so
 * that a mail draft opens no mail program on the machine running the tests, and is logged instead.
 */
export const browserEnvironment = (desktopLog: string): Record<string, string> => ({
  ...(process.env as Record<string, string>),
  PATH: `${path.resolve(import.meta.dirname, '../helpers/no-desktop-apps')}${path.delimiter}${process.env.PATH ?? ''}`,
  SITE_TEST_DESKTOP_LOG: desktopLog,
});

export default async function setup(project: TestProject) {
  if (!hasChromium()) {
    project.provide('browserEndpoint', '');
    project.provide('desktopLog', '');
    return;
  }
  const logDir = await mkdtemp(path.join(os.tmpdir(), 'site-desktop-'));
  const desktopLog = path.join(logDir, 'handed-to-desktop.txt');
  await writeFile(desktopLog, '');
  const server = await chromium.launchServer({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    env: browserEnvironment(desktopLog),
  });
  project.provide('browserEndpoint', server.wsEndpoint());
  project.provide('desktopLog', desktopLog);
  return async () => {
    await server.close();
    await rm(logDir, { recursive: true, force: true });
  };
}
