/** The programs outside Node some gates drive: where Java is found, and what a missing tool's gate tells the user. */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chromiumPath, findJava, installChromium, installJava } from '../../../generator/check/tools.ts';
import { makeTempDir } from '../../helpers/site.ts';

/** A folder with `bin/java`, executable or not. */
async function javaHome(executable = true): Promise<string> {
  const home = await makeTempDir('java-home');
  await mkdir(path.join(home, 'bin'));
  await writeFile(path.join(home, 'bin', 'java'), '#!/bin/sh\n');
  await chmod(path.join(home, 'bin', 'java'), executable ? 0o755 : 0o644);
  return home;
}

afterEach(() => vi.unstubAllEnvs());

describe('findJava', () => {
  it('takes java from JAVA_HOME before PATH', async () => {
    const fromHome = await javaHome();
    const onPath = await javaHome();
    vi.stubEnv('JAVA_HOME', fromHome);
    vi.stubEnv('PATH', path.join(onPath, 'bin'));
    expect(findJava()).toBe(path.join(fromHome, 'bin', 'java'));
  });

  it('looks along PATH when JAVA_HOME has none, skipping a java that is not executable', async () => {
    const notExecutable = await javaHome(false);
    const onPath = await javaHome();
    vi.stubEnv('JAVA_HOME', notExecutable);
    vi.stubEnv(
      'PATH',
      ['/nonexistent', path.join(notExecutable, 'bin'), path.join(onPath, 'bin')].join(path.delimiter),
    );
    expect(findJava()).toBe(path.join(onPath, 'bin', 'java'));
  });

  it('finds none without JAVA_HOME and without java on PATH', () => {
    vi.stubEnv('JAVA_HOME', '');
    vi.stubEnv('PATH', '/nonexistent');
    expect(findJava()).toBeUndefined();
  });
});

describe('what a gate says when its tool is missing', () => {
  it('names the package to install, and for Chromium the path it looked at and the variable to change it', () => {
    expect(installJava).toMatch(/^install Java 17 or later \(apt-get install default-jre-headless\)$/);
    expect(installChromium).toBe(
      `install Chromium at ${chromiumPath} (apt-get install chromium) or name it in CHROMIUM_PATH`,
    );
  });
});
