import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';
import { render } from './render.js';

const SOURCE = `const std = @import("std");
const util = @import("util.zig");
const Allocator = std.mem.Allocator;

pub const Point = struct {
    const Self = @This();
    x: i32,

    pub fn init(x: i32) Self {
        return .{ .x = x };
    }

    pub fn add(self: *const Self, other: Point) Point {
        return Self.init(self.x + other.x);
    }

    fn twice(self: Point) Point {
        return self.add(self);
    }
};

const Color = enum { red, green };

fn helper(a: i32, alloc: Allocator) i32 {
    const p = Point.init(a);
    var q: Point = undefined;
    _ = q.twice();
    const list = try alloc.alloc(u8, 4);
    _ = list;
    std.debug.print("{}\\n", .{p.x});
    return util.double(@intCast(a));
}

test "adds points" {
    const p = Point.init(1);
    try std.testing.expect(p.add(p).x == 2);
    _ = helper(1, std.testing.allocator);
}

test helper {}
`;

describe('zig extraction', () => {
  it('extracts containers, their methods, tests, calls with typed receivers, and imports', async () => {
    const facts = await extractFacts('src/point.zig', SOURCE, 'zig');
    expect(render(facts)).toMatchSnapshot();
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}${s.ownerType ? ` owner=${s.ownerType}` : ''}${s.isTest ? ' test' : ''}`)).toEqual([
      'struct Point',
      'method Point.init owner=Point',
      'method Point.add owner=Point',
      'method Point.twice owner=Point',
      'enum Color',
      'function helper',
      'test adds points test',
      'test helper test',
    ]);
    const call = (spec: string) => facts.callSites.find((c) => c.specifier === spec)!;
    // `Self` is the container; parameters, `var x: T` and `T.init()` type receivers.
    expect(call('Self.init')).toMatchObject({ receiverType: 'Point' });
    expect(call('self.add')).toMatchObject({ receiverType: 'Point' });
    expect(call('q.twice')).toMatchObject({ receiverType: 'Point' });
    expect(call('p.add')).toMatchObject({ receiverType: 'Point' });
    expect(call('alloc.alloc')).toMatchObject({ receiverType: 'Allocator' });
    expect(call('@intCast')).toMatchObject({ calleeName: '@intCast' });
    expect(facts.callSites.some((c) => c.calleeName === '@import')).toBe(false);
    expect(facts.imports.map((i) => `${i.source} :: ${i.imported} as ${i.local}`)).toEqual(['std :: * as std', 'util.zig :: * as util', 'std :: mem.Allocator as Allocator']);
  });
});
