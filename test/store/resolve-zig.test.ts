import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

describe('Zig resolution', () => {
  it('binds own containers, file imports, typed receivers, packages and builtins', async () => {
    open = await indexFiles({
      'src/util.zig': 'pub fn double(x: i32) i32 { return x * 2; }\npub const Vec = struct {\n    pub fn len(self: Vec) i32 { _ = self; return 0; }\n};\n',
      'src/other.zig': 'pub const W = struct {\n    pub fn spin(self: W) void { _ = self; }\n};\npub const V = struct {\n    pub fn spin(self: V) void { _ = self; }\n};\n',
      'src/main.zig': `const std = @import("std");
const util = @import("util.zig");
const Vec = @import("util.zig").Vec;
const Allocator = std.mem.Allocator;

const Point = struct {
    const Self = @This();
    pub fn init() Self { return .{}; }
    fn norm(self: *Self) i32 { return self.len(); }
    fn len(self: Self) i32 { _ = self; return helper(); }
};

fn helper() i32 { return 1; }

fn run(alloc: Allocator, v: Vec, w: anytype) void {
    var p = Point.init();
    _ = p.norm();
    _ = util.double(2);
    _ = util.Vec.len(v);
    _ = v.len();
    _ = Vec.len(v);
    _ = alloc.alloc(u8, 1);
    std.debug.print("x", .{});
    _ = @intCast(1);
    w.spin();
    _ = helper();
    _ = missing();
}
`,
    });
    const at = (spec: string) => describeAnswer(open!.answer('src/main.zig', spec));
    expect(at('Point.init')).toBe('src/main.zig::Point.init (exact)');
    expect(at('p.norm')).toBe('src/main.zig::Point.norm (receiver_type)');
    expect(at('self.len')).toBe('src/main.zig::Point.len (receiver_type)');
    // A bare call inside a method: the container's own functions, then the file's.
    expect(at('helper')).toBe('src/main.zig::helper (exact)');
    expect(at('util.double')).toBe('src/util.zig::double (exact)');
    expect(at('util.Vec.len')).toBe('src/util.zig::Vec.len (exact)');
    expect(at('v.len')).toBe('src/util.zig::Vec.len (receiver_type)');
    expect(at('Vec.len')).toBe('src/util.zig::Vec.len (exact)');
    expect(at('alloc.alloc')).toBe('external external:std');
    expect(at('std.debug.print')).toBe('external external:std');
    expect(at('@intCast')).toBe('builtin');
    expect(at('w.spin')).toBe('ambiguous_target');
    expect(at('missing')).toBe('missing_target');
  });

  it('reads a file bound to @This() as its own struct, and a generic function\'s returned struct as its container', async () => {
    open = await indexFiles({
      'src/Pool.zig': `const Pool = @This();
const std = @import("std");
count: u32,
fn wait(self: *Pool) void { _ = self; }
fn List(comptime T: type) type {
    return struct {
        const Self = @This();
        items: []T,
        pub fn push(self: *Self) void { _ = self; }
        pub fn twice(self: *Self) void { self.push(); self.push(); }
    };
}
const Event = struct {
    fn wait(self: *Event) void { _ = self; }
};
fn run(pool: *Pool, comptime T: type, t: T) void {
    pool.wait();
    t.wait();
}
`,
    });
    const at = (spec: string, nth = 0) => describeAnswer(open!.answer('src/Pool.zig', spec, nth));
    expect(at('pool.wait')).toBe('src/Pool.zig::wait (receiver_type)');
    expect(at('self.push')).toBe('src/Pool.zig::List.push (receiver_type)');
    // A comptime type parameter: no guess among the methods named wait.
    expect(at('t.wait')).toBe('missing_target');
  });
});
