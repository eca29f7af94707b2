// Spring (and Feign, gRPC) facts of a Java file: synthetic route, config and endpoint
// symbols anchored at their annotations, and framework sites (call-site facts with a
// `relationship`) that parsers/java/spring-resolve.ts binds. What each site's caller and
// callee mean:
//
//   route_handler        route symbol `VERB /path`  -> handler method (qualifier: its id within the file)
//   configuration_binds  config symbol `prefix`     -> bound class (qualifier: its qualified name) or a @Bean's result type
//   injected_into        consuming component class  -> dependency type (edge reversed: type -> component)
//   publishes_event      publishing method          -> event type (`publishEvent(new E(...))`)
//   consumes_event       listener method or class   -> event type (edge reversed: type -> listener)
//   feign_calls          Feign interface method     -> its declared endpoint symbol (qualifier: its qualified name)
//   grpc_calls           method calling a stub      -> service method (qualifier: the service name)
import type { CallDraft, DefinitionDraft, ExtractionContext, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';
import { annotationName, annotationsOf, enclosingClass, javaTypeName, typeOfName } from './extract.js';

const MAPPINGS: Record<string, string | undefined> = {
  GetMapping: 'GET',
  PostMapping: 'POST',
  PutMapping: 'PUT',
  DeleteMapping: 'DELETE',
  PatchMapping: 'PATCH',
  RequestMapping: undefined,
};
const COMPONENTS = new Set(['Component', 'Service', 'Repository', 'Controller', 'RestController', 'Configuration', 'FeignClient']);
const INJECT = new Set(['Autowired', 'Inject', 'Resource', 'Value']);

function unquote(text: string): string {
  return text.length >= 2 && text[0] === '"' ? text.slice(1, -1) : text;
}

/** String literals of an annotation element: `"a"` or `{"a", "b"}`. */
function stringNodes(value: Node | null): Node[] {
  if (!value) return [];
  if (value.type === 'string_literal') return [value];
  if (value.type === 'element_value_array_initializer') return value.namedChildren.flatMap((c) => stringNodes(c));
  return [];
}

function stringValues(value: Node | null): string[] {
  return stringNodes(value).map((node) => unquote(node.text));
}

/** Element `key` of an annotation; `value` also answers the single positional argument. */
function element(annotation: Node, ...keys: string[]): Node | null {
  const args = annotation.childForFieldName('arguments');
  if (!args) return null;
  for (const child of args.namedChildren) {
    if (!child) continue;
    if (child.type === 'element_value_pair') {
      if (keys.includes(child.childForFieldName('key')?.text ?? '')) return child.childForFieldName('value');
    } else if (keys.includes('value')) {
      return child;
    }
  }
  return null;
}

/** `RequestMethod.POST`, `{GET, POST}` -> the verb nodes. */
function verbNodes(value: Node | null): Node[] {
  if (!value) return [];
  if (value.type === 'element_value_array_initializer') return value.namedChildren.flatMap((c) => verbNodes(c));
  return [value];
}

const verbOf = (node: Node) => node.text.slice(node.text.lastIndexOf('.') + 1);

function joinPath(prefix: string, path: string): string {
  const joined = `/${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 && joined.endsWith('/') ? joined.slice(0, -1) : joined;
}

/** One route of a mapping annotation, anchored where it is written (its path or verb, else the annotation). */
interface MappedRoute {
  verb: string;
  path: string;
  anchor: Node;
}

function mappingOf(annotation: Node): MappedRoute[] | undefined {
  const name = annotationName(annotation);
  if (!(name in MAPPINGS)) return undefined;
  const fixed = MAPPINGS[name];
  const paths = stringNodes(element(annotation, 'value', 'path'));
  const verbs = fixed ? [] : verbNodes(element(annotation, 'method'));
  const routes: MappedRoute[] = [];
  // Each route needs its own anchor so that its handler site belongs to it.
  for (const path of paths.length > 0 ? paths : [undefined]) {
    for (const verb of verbs.length > 0 ? verbs : [undefined]) {
      const anchor = verbs.length > 1 ? verb! : (path ?? annotation);
      routes.push({ verb: fixed ?? (verb ? verbOf(verb) : 'ANY'), path: path ? unquote(path.text) : '', anchor });
    }
  }
  return routes;
}

function point(node: Node, ctx: ExtractionContext) {
  const at = ctx.point(node);
  return { start: at.index, end: at.index + (node.endIndex - node.startIndex), line: at.line, column: at.column };
}

function site(node: Node, ctx: ExtractionContext, fields: Omit<CallDraft, 'start' | 'end' | 'line' | 'column' | 'kind'>): void {
  ctx.calls.push({ ...point(node, ctx), kind: 'call', ...fields });
}

/** A synthetic symbol (route, config, endpoint) anchored at `node`; its calls belong to it. */
function synthetic(node: Node, kind: 'route' | 'config' | 'endpoint', name: string, ctx: ExtractionContext, attributes: Record<string, string>): void {
  ctx.definitions.push({ ...ctx.position(node), kind, name, qualifiedName: name, bodyOwner: true, attributes: { framework: 'spring', ...attributes } });
}

function classPrefixes(cls: Node | undefined): string[] {
  if (!cls) return [''];
  for (const annotation of annotationsOf(cls)) {
    if (annotationName(annotation) === 'RequestMapping') {
      const paths = stringValues(element(annotation, 'value', 'path'));
      return paths.length > 0 ? paths : [''];
    }
  }
  return [''];
}

function feignClient(cls: Node | undefined): { name: string; prefix: string } | undefined {
  if (!cls) return undefined;
  for (const annotation of annotationsOf(cls)) {
    if (annotationName(annotation) !== 'FeignClient') continue;
    const name = stringValues(element(annotation, 'value', 'name'))[0] ?? stringValues(element(annotation, 'url'))[0] ?? cls.childForFieldName('name')?.text ?? '';
    const prefix = stringValues(element(annotation, 'path'))[0] ?? '';
    return { name, prefix };
  }
  return undefined;
}

function methodDefinition(draft: DefinitionDraft, node: Node, annotations: Node[], ctx: ExtractionContext): void {
  const cls = enclosingClass(node, ctx);
  const ownerName = cls?.childForFieldName('name')?.text ?? '';
  const handlerKey = `${ownerName === '' ? '' : `${qualifiedClassName(cls!, ctx)}.`}${draft.name}#${draft.disambiguator ?? ''}`;
  const feign = feignClient(cls);
  for (const annotation of annotations) {
    const mapping = mappingOf(annotation);
    if (mapping) {
      const prefixes = feign ? [feign.prefix] : classPrefixes(cls);
      for (const prefix of prefixes) {
        for (const { verb, path, anchor } of mapping) {
          const full = joinPath(prefix, path);
          const route = `${verb} ${full}`;
          if (feign) {
            const endpoint = `${feign.name}: ${route}`;
            synthetic(anchor, 'endpoint', endpoint, ctx, { client: feign.name, method: verb, path: full });
            // On the method's name, so the method (not the endpoint) is the caller.
            site(node.childForFieldName('name') ?? node, ctx, { calleeName: endpoint, specifier: `@${annotationName(annotation)}`, qualifier: endpoint, relationship: 'feign_calls' });
          } else {
            synthetic(anchor, 'route', route, ctx, { method: verb, path: full });
            site(anchor, ctx, { calleeName: draft.name, specifier: `@${annotationName(annotation)}`, qualifier: handlerKey, relationship: 'route_handler' });
          }
        }
      }
      continue;
    }
    const name = annotationName(annotation);
    if (name === 'EventListener') {
      const classes = element(annotation, 'value', 'classes');
      const types = classes ? classLiterals(classes) : [];
      if (types.length === 0) {
        const first = node.childForFieldName('parameters')?.namedChildren.find((c) => c?.type === 'formal_parameter');
        const type = javaTypeName(first?.childForFieldName('type') ?? null);
        if (type) types.push(type);
      }
      for (const type of types) site(annotation, ctx, { calleeName: type, specifier: `@EventListener ${type}`, relationship: 'consumes_event' });
    } else if (name === 'ConfigurationProperties') {
      const prefix = stringValues(element(annotation, 'value', 'prefix'))[0] ?? '';
      const returns = draft.returnType;
      if (returns) {
        synthetic(annotation, 'config', prefix, ctx, { prefix });
        site(annotation, ctx, { calleeName: returns, specifier: `@ConfigurationProperties ${prefix}`, relationship: 'configuration_binds' });
      }
    } else if (name === 'Autowired' || name === 'Inject') {
      // Setter injection: every parameter is a dependency of the component.
      injectParameters(node, cls, ctx);
    }
  }
  if (node.type === 'constructor_declaration' && cls && isComponent(cls)) {
    const constructors = (cls.childForFieldName('body')?.namedChildren ?? []).filter((c) => c?.type === 'constructor_declaration');
    const autowired = annotations.some((a) => INJECT.has(annotationName(a)));
    if (constructors.length === 1 || autowired) injectParameters(node, cls, ctx);
  }
}

function classLiterals(value: Node): string[] {
  if (value.type === 'element_value_array_initializer') return value.namedChildren.flatMap((c) => (c ? classLiterals(c) : []));
  if (value.type === 'class_literal') {
    const type = javaTypeName(value.namedChild(0));
    return type ? [type] : [];
  }
  return [];
}

function qualifiedClassName(cls: Node, ctx: ExtractionContext): string {
  const names: string[] = [];
  for (let n: Node | undefined = cls; n; n = enclosingClass(n, ctx)) names.unshift(n.childForFieldName('name')?.text ?? '');
  return names.join('.');
}

function isComponent(cls: Node): boolean {
  return annotationsOf(cls).some((a) => COMPONENTS.has(annotationName(a)));
}

/** Injection sites sit on the component's name, so the component is their caller. */
function injectParameters(method: Node, cls: Node | undefined, ctx: ExtractionContext): void {
  const anchor = cls?.childForFieldName('name');
  if (!anchor) return;
  for (const p of method.childForFieldName('parameters')?.namedChildren ?? []) {
    if (p?.type !== 'formal_parameter') continue;
    const type = javaTypeName(p.childForFieldName('type'));
    if (type) site(anchor, ctx, { calleeName: type, specifier: `inject ${type}`, relationship: 'injected_into' });
  }
}

function classDefinition(draft: DefinitionDraft, node: Node, annotations: Node[], ctx: ExtractionContext): void {
  const anchor = node.childForFieldName('name');
  if (!anchor) return;
  for (const annotation of annotations) {
    if (annotationName(annotation) !== 'ConfigurationProperties') continue;
    const prefix = stringValues(element(annotation, 'value', 'prefix'))[0] ?? '';
    synthetic(annotation, 'config', prefix, ctx, { prefix });
    site(annotation, ctx, { calleeName: draft.name, specifier: `@ConfigurationProperties ${prefix}`, qualifier: qualifiedClassName(node, ctx), relationship: 'configuration_binds' });
  }
  // Field injection.
  for (const member of node.childForFieldName('body')?.namedChildren ?? []) {
    if (member?.type !== 'field_declaration') continue;
    if (!annotationsOf(member).some((a) => INJECT.has(annotationName(a)) && annotationName(a) !== 'Value')) continue;
    const type = javaTypeName(member.childForFieldName('type'));
    if (type) site(anchor, ctx, { calleeName: type, specifier: `inject ${type}`, relationship: 'injected_into' });
  }
  // `class L implements ApplicationListener<E>`
  const interfaces = node.childForFieldName('interfaces')?.namedChildren.find((c) => c?.type === 'type_list');
  for (const t of interfaces?.namedChildren ?? []) {
    if (t?.type !== 'generic_type' || javaTypeName(t) !== 'ApplicationListener') continue;
    const event = javaTypeName(t.namedChildren.find((c) => c?.type === 'type_arguments')?.namedChild(0) ?? null);
    if (event) site(anchor, ctx, { calleeName: event, specifier: `ApplicationListener<${event}>`, relationship: 'consumes_event' });
  }
}

export function springDefinition(draft: DefinitionDraft, node: Node, annotations: Node[], ctx: ExtractionContext): void {
  if (ctx.callsOnly) return;
  if (draft.kind === 'method' || draft.kind === 'constructor') methodDefinition(draft, node, annotations, ctx);
  else classDefinition(draft, node, annotations, ctx);
}

/** `publisher.publishEvent(new E())` and calls on gRPC stubs, beside the plain call site. */
export function springCall(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): void {
  if (draft.kind !== 'call' || !parts.receiver) return;
  if (draft.calleeName === 'publishEvent') {
    const first = parts.arguments?.namedChildren.find((c) => c && !c.type.endsWith('comment'));
    let type: string | undefined;
    if (first?.type === 'object_creation_expression') type = javaTypeName(first.childForFieldName('type'));
    else if (first?.type === 'identifier') type = typeOfName(first.text, node, ctx);
    if (type) site(node, ctx, { calleeName: type, specifier: `publishEvent ${type}`, relationship: 'publishes_event' });
    return;
  }
  const stub = draft.receiverType;
  const service = stub ? /^(\w+?)(?:Blocking|Future)?Stub$/.exec(stub)?.[1] : undefined;
  if (service && service !== '') {
    site(node, ctx, { calleeName: draft.calleeName, specifier: `grpc ${service}.${draft.calleeName}`, qualifier: service, relationship: 'grpc_calls' });
  }
}
