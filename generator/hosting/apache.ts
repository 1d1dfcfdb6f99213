/** Apache: `.htaccess`. */
import { escapeRegExp, generatedNote, type HostingRules, type HostTarget } from './rules.ts';
import { headerName, headerValue, hostNameValue, unsafeValue } from './values.ts';

/**
 * A value for mod_headers in double quotes. Apache's configuration reader
 * unescapes only `\"` inside quotes (a backslash before anything else stays, and
 * one before the closing quote would swallow it), so a backslash is refused;
 * mod_headers then reads `%` as the start of a format such as `%{VAR}e`, so it
 * is written `%%`.
 */
export function apacheHeaderString(name: string, value: string): string {
  headerValue(name, value);
  if (value.includes('\\'))
    throw unsafeValue('.htaccess', value, 'Apache has no way to write a backslash in a quoted value');
  return `"${value.replace(/%/g, '%%').replace(/"/g, '\\"')}"`;
}

/** Apache: `.htaccess` at the root of dist/ (mod_rewrite, mod_headers; AllowOverride All). */
export function htaccess(rules: HostingRules): string {
  const lines = [
    `# ${generatedNote}`,
    'Options -MultiViews -Indexes',
    'DirectoryIndex index.html',
    'DirectorySlash On',
    '',
  ];
  const [rootNotFound, ...languageNotFound] = [...rules.notFound].reverse();
  lines.push(`ErrorDocument 404 ${rootNotFound.file}`);
  for (const notFound of languageNotFound)
    lines.push(
      `<If "%{REQUEST_URI} =~ m#^${notFound.prefix}#">`,
      `  ErrorDocument 404 ${notFound.file}`,
      '</If>',
    );
  lines.push('', 'RewriteEngine On');
  const hidden = rules.hiddenFiles.map((file) => escapeRegExp(file.slice(1))).join('|');
  lines.push('# Host configuration is not for visitors.', `RewriteRule ^(?:${hidden})$ - [R=404,L]`);
  for (const redirect of rules.redirects)
    lines.push(`RewriteRule ^${escapeRegExp(redirect.from.slice(1))}/?$ ${redirect.to} [R=301,NE,L]`);
  // The Host header may carry a port, any letter case and the trailing dot of a fully qualified name.
  lines.push(
    `RewriteCond %{HTTP_HOST} ^${escapeRegExp(hostNameValue('.htaccess', rules.hostRoot.host))}\\.?(?::\\d+)?$ [NC]`,
    `RewriteRule ^$ ${rules.hostRoot.file} [L]`,
  );
  for (const fallback of rules.fallbacks) {
    lines.push(
      'RewriteCond %{REQUEST_FILENAME} !-f',
      'RewriteCond %{REQUEST_FILENAME} !-d',
      `RewriteRule ^${escapeRegExp(fallback.prefix.slice(1))}[^/]+/?$ ${fallback.file} [L]`,
    );
  }
  lines.push('', '<IfModule mod_headers.c>');
  for (const [name, value] of Object.entries(rules.securityHeaders))
    lines.push(`  Header always set ${headerName(name)} ${apacheHeaderString(name, value)}`);
  // Only an asset that exists is cached for a year; a missing one's 404 page is revalidated like every page.
  lines.push(
    `  <If "%{REQUEST_URI} =~ m#^${rules.caching.assetsPrefix}# && -f %{REQUEST_FILENAME}">`,
    `    Header set Cache-Control "${rules.caching.assets}"`,
    '  </If>',
    '  <Else>',
    `    Header set Cache-Control "${rules.caching.html}"`,
    '  </Else>',
    '</IfModule>',
  );
  return `${lines.join('\n')}\n`;
}

export const apache: HostTarget = { hosts: 'Apache', files: [{ name: '.htaccess', write: htaccess }] };
