/**
 * What the preview answers, as a list of handlers tried in order: the first that
 * answers a request ends it. The site's own list applies the host rules as
 * Netlify does; another command may put handlers of its own before it.
 */
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fixedHostingRules } from '../hosting/index.ts';
import { fileInRoot, hostName, isServableFile, type ResolvedRequest } from './paths.ts';
import { ruleMatches, type RedirectRule, type SiteRules } from './hostFileRules.ts';

/** One request as the handlers see it. */
export interface RequestContext extends ResolvedRequest {
  request: IncomingMessage;
  response: ServerResponse;
  /** The served folder, absolute. */
  root: string;
  /** The Host header's name, lower case, without a port. */
  host: string;
  /** The headers the rules give this path (security headers, Cache-Control). */
  headers: Record<string, string>;
}

/** The context of a request whose path resolved: the one place its fields are filled. */
export function requestContext(
  resolved: ResolvedRequest,
  request: IncomingMessage,
  response: ServerResponse,
  root: string,
  rules: SiteRules,
): RequestContext {
  return {
    ...resolved,
    request,
    response,
    root,
    host: hostName(request.headers.host),
    headers: rules.headersFor(resolved.urlPath),
  };
}

/** Answers the request and returns true, or returns false to let the next handler try. */
export type PreviewHandler = (context: RequestContext) => boolean | Promise<boolean>;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
};

/** The Content-Type a host sends for a file, by its extension. */
export const contentTypeOf = (file: string) => contentTypes[path.extname(file)] ?? 'application/octet-stream';

/**
 * A missing file (a folder without 404.html, a rule whose target is gone) is a
 * plain 404, never a crash; so is a file whose real path is outside the root.
 */
export async function sendFile(
  root: string,
  response: ServerResponse,
  status: number,
  file: string | undefined,
  headers: Record<string, string>,
): Promise<true> {
  if (!file || !(await isServableFile(root, file))) {
    response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
    return true;
  }
  response.writeHead(status, { ...headers, 'Content-Type': contentTypeOf(file) });
  // Headers are sent: a file that fails to read now can only cut the answer short.
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
  return true;
}

const hiddenFiles = new Set(fixedHostingRules.hiddenFiles);
const notFoundPage = (context: RequestContext) =>
  sendFile(context.root, context.response, 404, path.join(context.root, '404.html'), context.headers);

/** A redirect answers with its Location; any other status serves the rule's target (a folder path means its index.html). */
async function applyRule(rule: RedirectRule, context: RequestContext): Promise<true> {
  if (rule.status >= 300 && rule.status < 400) {
    context.response.writeHead(rule.status, { ...context.headers, Location: rule.to }).end();
    return true;
  }
  return sendFile(
    context.root,
    context.response,
    rule.status,
    fileInRoot(context.root, rule.to.endsWith('/') ? `${rule.to}index.html` : rule.to),
    context.headers,
  );
}

/**
 * The host configuration is not for visitors, whatever the rules in the folder say. In any letter
 * case: on a case-insensitive file system (macOS, Windows) `/NGINX.CONF` is the file.
 */
export const hideHostFiles: PreviewHandler = (context) =>
  hiddenFiles.has(context.urlPath.toLowerCase()) ? notFoundPage(context) : false;

/** Rules marked `!` apply even where a file exists. */
export const forcedRules =
  (rules: SiteRules): PreviewHandler =>
  (context) => {
    const rule = rules.redirects.find(
      (candidate) => candidate.force && ruleMatches(candidate, context.host, context.urlPath),
    );
    return rule ? applyRule(rule, context) : false;
  };

/** A file, or a folder's index.html; a folder path without its slash is sent to the path with it (one slash policy). */
export const staticFiles: PreviewHandler = async ({ root, response, urlPath, target, search, headers }) => {
  const index = path.join(target, 'index.html');
  const isFile = (file: string) => isServableFile(root, file);
  if (urlPath.endsWith('/')) return (await isFile(index)) && sendFile(root, response, 200, index, headers);
  if (await isFile(target)) return sendFile(root, response, 200, target, headers);
  if (await isFile(index)) {
    response
      .writeHead(301, {
        ...headers,
        Location: `${urlPath.split('/').map(encodeURIComponent).join('/')}/${search}`,
      })
      .end();
    return true;
  }
  return false;
};

/** The other rules apply only where no file answered. */
export const otherRules =
  (rules: SiteRules): PreviewHandler =>
  (context) => {
    const rule = rules.redirects.find(
      (candidate) => !candidate.force && ruleMatches(candidate, context.host, context.urlPath),
    );
    return rule ? applyRule(rule, context) : false;
  };

/** Whatever is left: the root not-found page. */
export const notFound: PreviewHandler = notFoundPage;

/** The methods a static host answers; any other gets 405 and this list, as static hosts do. */
export const allowedMethods = ['GET', 'HEAD'] as const;

/** A static site reads only: another method is not allowed, with the security headers like every answer. */
export const readOnly: PreviewHandler = ({ request, response, headers }) => {
  if ((allowedMethods as readonly string[]).includes(request.method ?? '')) return false;
  response
    .writeHead(405, {
      ...headers,
      Allow: allowedMethods.join(', '),
      'Content-Type': 'text/plain; charset=utf-8',
    })
    .end('Method not allowed\n');
  return true;
};

/** The site's handlers, in the order a host with our rules answers. */
export const siteHandlers = (rules: SiteRules): PreviewHandler[] => [
  readOnly,
  hideHostFiles,
  forcedRules(rules),
  staticFiles,
  otherRules(rules),
  notFound,
];
