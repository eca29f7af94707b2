// The n-ary relations the producer emits: a type with its members (`form`) and a
// framework route with its handler and the handler's class (`participate_in`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphPush } from '../../contracts/graph-push.js';
import { cairn } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const C = 'src/main/java/com/shop/web/OrderController.java';

describe('hyperedges', () => {
  let fixture: Fixture;
  let push: GraphPush;
  beforeAll(() => {
    fixture = makeFixture({
      [C]: `package com.shop.web;
import org.springframework.web.bind.annotation.*;
@RestController
@RequestMapping("/api/orders")
public class OrderController {
  @GetMapping("/{id}")
  public String get(String id) { return id; }
  @PostMapping
  public void create(String body) {}
}
`,
    });
    expect(cairn(['init'], { cwd: fixture.root }).code).toBe(0);
    const run = cairn(['export', '--format', 'graph-push', '--repo', 'acme/orders'], { cwd: fixture.root });
    expect(run.code, run.stderr).toBe(0);
    push = JSON.parse(run.stdout) as GraphPush;
  });
  afterAll(() => fixture.remove());

  it('ties each Spring route to its handler and controller', () => {
    const routes = push.hyperedges!.filter((h) => h.relation === 'participate_in');
    const id = (s: string) => `acme/orders::${C}::${s}`;
    expect(routes.map((h) => ({ label: h.label, members: h.members, score: h.confidence_score, src: h.src_file }))).toEqual([
      { label: 'GET /api/orders/{id}', members: [id('GET /api/orders/{id}'), id('OrderController.get#get(String)'), id('OrderController')], score: 0.85, src: C },
      { label: 'POST /api/orders', members: [id('POST /api/orders'), id('OrderController.create#create(String)'), id('OrderController')], score: 0.85, src: C },
    ]);
    const entityIds = new Set(push.entities.map((e) => e.id));
    for (const h of push.hyperedges!) for (const m of h.members) expect(entityIds.has(m), m).toBe(true);
  });

  it('groups a class with its members', () => {
    const unit = push.hyperedges!.find((h) => h.relation === 'form');
    expect(unit?.label).toBe('OrderController and its members');
    expect(unit?.members.length).toBeGreaterThanOrEqual(3);
  });
});
