// The contract's story library as a git repository in a temp dir: `render` calls
// `legacy_render`, `render_page` calls `render`, tests call both. `applyEdit()` is
// the reviewed change: `legacy_render` deleted, `render_page` calls a missing
// `missing_renderer()`, and a README line changes.
import { makeFixture, type Fixture } from '../helpers/fixture.js';
import { cairn } from '../helpers/cli.js';

export const CARGO = `[package]
name = "story"
version = "0.1.0"
edition = "2021"
`;

export const LIB_BEFORE = `pub fn legacy_render(input: &str) -> String {
    format!("<p>{}</p>", input)
}

pub fn render(input: &str) -> String {
    legacy_render(input)
}

pub fn render_page(title: &str) -> String {
    let body = render(title);
    format!("<h1>{}</h1>", body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_empty_page() {
        assert_eq!(render_page(""), "<h1><p></p></h1>");
    }
}
`;

export const LIB_AFTER = `pub fn render(input: &str) -> String {
    format!("<p>{}</p>", input)
}

pub fn render_page(title: &str) -> String {
    let body = render(title);
    let footer = missing_renderer();
    format!("<h1>{}</h1>{}", body, footer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_empty_page() {
        assert_eq!(render_page(""), "<h1><p></p></h1>");
    }
}
`;

/** The "after" library with its functions in another order and no body changed. */
export const LIB_AFTER_REORDERED = `pub fn render_page(title: &str) -> String {
    let body = render(title);
    let footer = missing_renderer();
    format!("<h1>{}</h1>{}", body, footer)
}

pub fn render(input: &str) -> String {
    format!("<p>{}</p>", input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_empty_page() {
        assert_eq!(render_page(""), "<h1><p></p></h1>");
    }
}
`;

export const TESTS = `use story::{render, render_page};

#[test]
fn render_page_uses_render() {
    assert_eq!(render("a"), "<p>a</p>");
    assert_eq!(render_page("a"), "<h1><p>a</p></h1>");
}
`;

export const README_BEFORE = '# story\n\nA tiny renderer.\n\nIt renders pages.\n';
export const README_AFTER = '# story\n\nA tiny renderer.\n\nIt renders whole pages.\n';

export function storyRepo(): Fixture {
  return makeFixture(
    { 'Cargo.toml': CARGO, 'src/lib.rs': LIB_BEFORE, 'tests/render_tests.rs': TESTS, 'README.md': README_BEFORE },
    { git: true },
  );
}

export function applyEdit(repo: Fixture): void {
  repo.write('src/lib.rs', LIB_AFTER);
  repo.write('README.md', README_AFTER);
}

export function init(repo: Fixture, ...extra: string[]): void {
  const run = cairn(['init', '-C', repo.root, ...extra]);
  if (run.code !== 0) throw new Error(`cairn init failed (${run.code}): ${run.stderr}`);
}

export function sync(repo: Fixture): void {
  const run = cairn(['sync', '-C', repo.root]);
  if (run.code !== 0) throw new Error(`cairn sync failed (${run.code}): ${run.stderr}`);
}
