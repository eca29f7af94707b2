// namespacePath: a git clone URL to `owner[/subgroups]/repo`, the graph wire
// contract's rule. Scheme, host, port, userinfo, a query or fragment and a trailing
// ".git" are dropped; the owner is kept. Hostile input never yields a path that
// climbs: empty, "." and ".." segments are dropped, and so are a Windows drive and
// backslashes (read as separators). What is left may be "" (the caller then falls
// back to another label).
//
//   https://github.com/szymonrychu/tatara-cli.git  -> szymonrychu/tatara-cli
//   https://gitlab.com/szymonrychu/infra/helmfile   -> szymonrychu/infra/helmfile
//   git@github.com:szymonrychu/tatara-cli.git       -> szymonrychu/tatara-cli
//   ssh://git@host:22/group/sub/repo.git            -> group/sub/repo

export function namespacePath(cloneURL: string): string {
  let rest = cloneURL.trim().replace(/\\/g, '/');
  rest = rest.replace(/[?#].*$/, '');
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(rest);
  if (scheme) {
    rest = rest.slice(scheme[0].length);
    const isFile = scheme[0].toLowerCase() === 'file://';
    // The authority (userinfo@host:port) ends at the first slash; file URLs have an empty or local one.
    const slash = rest.indexOf('/');
    rest = slash < 0 ? (isFile ? rest : '') : rest.slice(slash + 1);
  } else if (/^[A-Za-z]:\//.test(rest)) {
    rest = rest.slice(2); // a Windows drive, not an scp host
  } else {
    // scp-like `[user@]host:path`: a colon before the first slash.
    const colon = rest.indexOf(':');
    const slash = rest.indexOf('/');
    if (colon >= 0 && (slash < 0 || colon < slash)) rest = rest.slice(colon + 1);
  }
  const segments = rest.split('/').filter((s) => s !== '' && s !== '.' && s !== '..');
  const last = segments.length - 1;
  if (last >= 0 && segments[last]!.endsWith('.git')) {
    segments[last] = segments[last]!.slice(0, -'.git'.length);
    if (segments[last] === '' || segments[last] === '.' || segments[last] === '..') segments.pop();
  }
  return segments.join('/');
}
