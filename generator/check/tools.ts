/**
 * The programs outside Node that some gates drive: Java for the Nu HTML Checker and
 * Debian's Chromium for axe and the network log. Missing ones make their gate
 * report "skipped: install …" instead of failing with a stack trace.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `java` from JAVA_HOME, else from PATH; undefined when there is none. */
export function findJava(): string | undefined {
  const candidates = [
    ...(process.env.JAVA_HOME ? [path.join(process.env.JAVA_HOME, 'bin', 'java')] : []),
    ...(process.env.PATH ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map((folder) => path.join(folder, 'java')),
  ];
  return candidates.find(executable);
}

export const installJava = 'install Java 17 or later (apt-get install default-jre-headless)';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = () => existsSync(chromiumPath);
export const installChromium = `install Chromium at ${chromiumPath} (apt-get install chromium) or name it in CHROMIUM_PATH`;
