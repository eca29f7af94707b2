// Zig end to end through the built CLI: a container in one file, its user in another,
// and `test` declarations beside the code; `tests-for` finds the test of a method.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const FILES = {
  'src/point.zig': `const std = @import("std");

pub const Point = struct {
    x: i32,

    pub fn init(x: i32) Point {
        return .{ .x = x };
    }

    pub fn add(self: Point, other: Point) Point {
        return Point.init(self.x + other.x);
    }
};

test "adds points" {
    const p = Point.init(1);
    try std.testing.expect(p.add(p).x == 2);
}
`,
  'src/main.zig': `const std = @import("std");
const point = @import("point.zig");

pub fn main() void {
    const p = point.Point.init(3);
    std.debug.print("{}\\n", .{p.x});
}
`,
};

describe('zig through the CLI', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = makeFixture(FILES, { git: true });
    expect(cairnJson(['init', '-C', repo.root]).code).toBe(0);
  });
  afterAll(() => repo.remove());

  it('indexes .zig files and leaves no unsupported extension', () => {
    const doctor = cairnJson(['doctor', '-C', repo.root]).body.data.graph_quality;
    expect(doctor.unsupported_extensions).toEqual([]);
    expect(doctor.trust_verdict).toBe('trusted');
    expect(cairnJson(['status', '-C', repo.root]).body.data.stats.files_by_language.zig).toBe(2);
  });

  it('answers callers across an @import', () => {
    const callers = cairnJson(['callers', 'src/point.zig::Point.init', '-C', repo.root]).body.data.neighbours.map((n: any) => `${n.symbol.id} ${n.resolution_kind}`);
    expect(callers.sort()).toEqual(['src/main.zig::main exact', 'src/point.zig::Point.add exact', 'src/point.zig::adds points exact']);
  });

  it('finds the test declaration of a method', () => {
    const tests = cairnJson(['tests-for', 'src/point.zig::Point.add', '-C', repo.root]).body.data.tests;
    expect(tests.map((t: any) => `${t.test.qualified_name} ${t.test.kind} ${t.evidence}`)).toEqual(['adds points test direct_call']);
  });
});
