import { describe, expect, it } from 'vitest';
import { namespacePath } from '../../contracts/namespace-path.js';

describe('namespacePath', () => {
  it.each([
    ['https://github.com/szymonrychu/tatara-cli.git', 'szymonrychu/tatara-cli'],
    ['https://gitlab.com/szymonrychu/infra/helmfile', 'szymonrychu/infra/helmfile'],
    ['git@github.com:szymonrychu/tatara-cli.git', 'szymonrychu/tatara-cli'],
    ['ssh://git@host:22/group/sub/repo.git', 'group/sub/repo'],
  ])('the contract example %s -> %s', (url, expected) => {
    expect(namespacePath(url)).toBe(expected);
  });

  it.each([
    ['userinfo with a password', 'https://user:s3cret@github.com/acme/api.git', 'acme/api'],
    ['userinfo with an @ in the password', 'https://user:p%40ss@git.example.com/acme/api', 'acme/api'],
    ['a port on https', 'https://git.example.com:8443/acme/api.git', 'acme/api'],
    ['a port and userinfo on ssh', 'ssh://deploy@10.0.0.5:2222/team/sub/api', 'team/sub/api'],
    ['empty segments', 'https://github.com//acme///api.git', 'acme/api'],
    ['dot-dot segments never climb', 'https://github.com/acme/../../etc/passwd', 'acme/etc/passwd'],
    ['dot-dot in scp form', 'git@github.com:../../root/.ssh.git', 'root/.ssh'],
    ['single dots', 'https://github.com/./acme/./api', 'acme/api'],
    ['trailing slashes', 'https://github.com/acme/api.git///', 'acme/api'],
    ['a trailing slash after the name', 'https://github.com/acme/api/', 'acme/api'],
    ['a query and a fragment', 'https://github.com/acme/api.git?ref=main#readme', 'acme/api'],
    ['a Windows path', 'C:\\Users\\dev\\src\\acme\\api.git', 'Users/dev/src/acme/api'],
    ['a Windows path with forward slashes', 'D:/repos/acme/api', 'repos/acme/api'],
    ['a UNC-like path', '\\\\server\\share\\acme\\api.git', 'server/share/acme/api'],
    ['a file URL', 'file:///srv/git/acme/api.git', 'srv/git/acme/api'],
    ['a local absolute path', '/srv/git/acme/api.git', 'srv/git/acme/api'],
    ['surrounding whitespace', '  https://github.com/acme/api.git\n', 'acme/api'],
    ['a bare ".git" name', 'https://github.com/acme/.git', 'acme'],
    ['only a host', 'https://github.com', ''],
    ['only a host and slashes', 'https://github.com///', ''],
    ['nothing', '', ''],
    ['only dots', 'git@host:../..', ''],
  ])('%s', (_name, url, expected) => {
    expect(namespacePath(url)).toBe(expected);
  });

  it('never yields an empty, "." or ".." segment, nor a leading or trailing slash', () => {
    const hostile = ['https://h/a/../b/./c//d/', 'git@h:/../x/', 'ssh://u@h:1/../..//', 'C:\\..\\a\\..\\b', 'a/b/..'];
    for (const url of hostile) {
      const out = namespacePath(url);
      expect(out.split('/').filter((s) => s === '' || s === '.' || s === '..')).toEqual(out === '' ? [''] : []);
      expect(out.startsWith('/') || out.endsWith('/')).toBe(false);
    }
  });
});
