import { afterEach, describe, expect, it } from 'vitest';
import { indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

const J = 'src/main/java/com/shop';
const FILES = {
  [`${J}/web/OrderController.java`]: `package com.shop.web;
import com.shop.orders.OrderService;
import org.springframework.web.bind.annotation.*;
@RestController
@RequestMapping("/api/orders")
public class OrderController {
  private final OrderService service;
  public OrderController(OrderService service) { this.service = service; }
  @GetMapping("/{id}")
  public String get(String id) { return service.find(id); }
  @PostMapping
  public void create(String body) { service.place(body); }
  @RequestMapping(value = {"/a", "/b"}, method = RequestMethod.PUT)
  public void update() {}
}
`,
  [`${J}/orders/OrderService.java`]: `package com.shop.orders;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.JdbcTemplate;
@Service
public class OrderService {
  @Autowired private ApplicationEventPublisher publisher;
  @Autowired private OrderRepository repository;
  @Autowired private JdbcTemplate jdbc;
  public String find(String id) { return id; }
  public void place(String body) { publisher.publishEvent(new OrderPlaced(body)); publisher.publishEvent(new Unknown()); }
}
`,
  [`${J}/orders/OrderRepository.java`]: `package com.shop.orders;
public interface OrderRepository {}
`,
  [`${J}/orders/OrderPlaced.java`]: `package com.shop.orders;
public class OrderPlaced { public OrderPlaced(String body) {} }
`,
  [`${J}/orders/Mailer.java`]: `package com.shop.orders;
@Component
public class Mailer {
  @EventListener
  public void on(OrderPlaced event) {}
}
`,
  [`${J}/orders/Audit.java`]: `package com.shop.orders;
public class Audit implements ApplicationListener<OrderPlaced> {
  public void onApplicationEvent(OrderPlaced event) {}
}
`,
  [`${J}/config/MailProperties.java`]: `package com.shop.config;
@ConfigurationProperties(prefix = "shop.mail")
public class MailProperties { String host; }
`,
  [`${J}/clients/StockClient.java`]: `package com.shop.clients;
@FeignClient(name = "stock", path = "/v1")
public interface StockClient {
  @GetMapping("/items/{id}")
  String item(String id);
}
`,
  [`${J}/grpc/GreeterImpl.java`]: `package com.shop.grpc;
public class GreeterImpl extends GreeterGrpc.GreeterImplBase {
  public void sayHello(HelloRequest req, StreamObserver<HelloReply> out) {}
}
`,
  [`${J}/grpc/Caller.java`]: `package com.shop.grpc;
public class Caller {
  private GreeterGrpc.GreeterBlockingStub stub;
  private PingGrpc.PingBlockingStub ping;
  void call() { stub.sayHello(null); ping.ping(null); }
}
`,
};

const edgeText = (e: { source: string; target: string | null; resolution_kind: string; confidence: number; warning?: string }) =>
  `${e.source} -> ${e.target ?? 'null'} (${e.resolution_kind} ${e.confidence})${e.warning ? ` ! ${e.warning}` : ''}`;

describe('Spring, Feign and gRPC framework edges', () => {
  it('routes, injection, configuration, events, Feign endpoints and gRPC stubs', async () => {
    open = await indexFiles(FILES);
    const c = `${J}/web/OrderController.java`;
    const o = `${J}/orders`;
    expect(open.edges('route_handler').map(edgeText).sort()).toEqual([
      `${c}::GET /api/orders/{id} -> ${c}::OrderController.get#get(String) (framework_annotation 85)`,
      `${c}::POST /api/orders -> ${c}::OrderController.create#create(String) (framework_annotation 85)`,
      `${c}::PUT /api/orders/a -> ${c}::OrderController.update#update() (framework_annotation 85)`,
      `${c}::PUT /api/orders/b -> ${c}::OrderController.update#update() (framework_annotation 85)`,
    ]);
    const route = open.store.symbol(`${c}::GET /api/orders/{id}`)!;
    expect(route).toMatchObject({ kind: 'route', name: 'GET /api/orders/{id}' });

    expect(open.edges('injected_into').map(edgeText).sort()).toEqual([
      `${o}/OrderRepository.java::OrderRepository -> ${o}/OrderService.java::OrderService (framework_convention 70)`,
      `${o}/OrderService.java::OrderService -> ${c}::OrderController (framework_convention 70)`,
    ]);
    // Library types are not indexed: the injection stays visible as an unresolved framework record.
    const notes = [...open.store.unresolved(`${o}/OrderService.java`)].filter((u) => u.kind === 'injected_into').map((u) => `${u.specifier} ${u.note}`);
    expect(notes.sort()).toEqual(['inject ApplicationEventPublisher framework:injected_into', 'inject JdbcTemplate framework:injected_into']);

    expect(open.edges('configuration_binds').map(edgeText)).toEqual([
      `${J}/config/MailProperties.java::shop.mail -> ${J}/config/MailProperties.java::MailProperties (framework_declaration 80)`,
    ]);
    expect(open.edges('publishes_event').map(edgeText).sort()).toEqual([
      `${o}/OrderService.java::OrderService.place#place(String) -> null (framework_convention 70) ! endpoint not indexed: Unknown`,
      `${o}/OrderService.java::OrderService.place#place(String) -> ${o}/OrderPlaced.java::OrderPlaced (framework_convention 70)`,
    ]);
    expect(open.edges('consumes_event').map(edgeText).sort()).toEqual([
      `${o}/OrderPlaced.java::OrderPlaced -> ${o}/Audit.java::Audit (framework_declaration 80)`,
      `${o}/OrderPlaced.java::OrderPlaced -> ${o}/Mailer.java::Mailer.on#on(OrderPlaced) (framework_annotation 85)`,
    ]);
    const s = `${J}/clients/StockClient.java`;
    expect(open.edges('feign_calls').map(edgeText)).toEqual([`${s}::StockClient.item#item(String) -> ${s}::stock: GET /v1/items/{id} (framework_annotation 85)`]);
    expect(open.store.symbol(`${s}::stock: GET /v1/items/{id}`)?.kind).toBe('endpoint');
    const g = `${J}/grpc`;
    expect(open.edges('grpc_calls').map(edgeText).sort()).toEqual([
      `${g}/Caller.java::Caller.call#call() -> null (framework_declaration 80) ! endpoint not indexed: ping`,
      `${g}/Caller.java::Caller.call#call() -> ${g}/GreeterImpl.java::GreeterImpl.sayHello#sayHello(HelloRequest,StreamObserver) (framework_declaration 80)`,
    ]);
    // The framework edges are readable from their target's side.
    expect(open.store.incoming(`${c}::OrderController`).map((e) => e.relationship)).toContain('injected_into');
  });
});
