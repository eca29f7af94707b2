// A small mixed Rust + TypeScript workspace whose graph the CLI tests know by heart.
export const RUST_TS_FIXTURE: Record<string, string> = {
  'Cargo.toml': '[package]\nname = "shapes"\nversion = "0.1.0"\n',
  'src/lib.rs': `pub mod shapes;
use crate::shapes::Circle;

pub fn area_sum(items: &[Circle]) -> f64 {
    let mut total = 0.0;
    for c in items {
        total += c.area();
    }
    total
}

pub fn make() -> Circle {
    Circle::new(2.0)
}

pub fn describe() -> String {
    format!("{}", helper())
}

fn helper() -> u32 {
    missing_thing()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn makes_circle() {
        let c = make();
        assert_eq!(c.radius, 2.0);
    }
}
`,
  'src/shapes.rs': `pub struct Circle {
    pub radius: f64,
}

impl Circle {
    pub fn new(radius: f64) -> Self {
        Circle { radius }
    }

    pub fn area(&self) -> f64 {
        self.scale() * 3.14
    }

    fn scale(&self) -> f64 {
        self.radius * self.radius
    }
}
`,
  'web/greet.ts': `export function greet(name: string): string {
  return shout(\`hello \${name}\`);
}

function shout(text: string): string {
  return text.toUpperCase();
}

export class Greeter {
  constructor(private readonly prefix: string) {}

  run(name: string): string {
    return this.decorate(greet(name));
  }

  decorate(text: string): string {
    return this.prefix + text;
  }
}
`,
  'web/app.ts': `import { greet, Greeter } from './greet';

export function main(): void {
  const g = new Greeter('> ');
  console.log(g.run('world'));
  console.log(greet('again'));
}
`,
  'web/app.test.ts': `import { describe, it, expect } from 'vitest';
import { greet } from './greet';

describe('greet', () => {
  it('shouts', () => {
    expect(greet('a')).toBe('HELLO A');
  });
});
`,
  'README.md': '# shapes\n',
};
