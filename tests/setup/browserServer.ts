/**
 * Starts one Chromium per test run for every browser test file: each file connects
 * to it (tests/helpers/browser.ts) instead of launching a browser of its own, which
 * takes seconds on a busy machine. Without Chromium nothing starts, and the browser
 * tests skip or fail as tests/helpers/browser.ts decides.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumArgs } from '../../generator/check/browser.ts';
import { chromiumPath, hasChromium } from '../../generator/check/tools.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's WebSocket endpoint for `chromium.connect`; '' without Chromium. */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  if (!hasChromium()) {
    project.provide('browserEndpoint', '');
    return;
  }
  const server = await chromium.launchServer({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  project.provide('browserEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
