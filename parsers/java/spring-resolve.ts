// Framework sites of Java files (parsers/java/spring-extract.ts): Spring routes,
// configuration binding, injection and events, Feign clients and gRPC stubs. Each is
// bound only through what its annotation or declaration names (an id within the
// file, or a type name looked up as javac would); never by a same-named guess.
//
// Tiers: route_handler and feign_calls framework_annotation (85); configuration_binds
// and grpc_calls framework_declaration (80); injected_into and publishes_event
// framework_convention (70); consumes_event framework_annotation for @EventListener,
// framework_declaration for `ApplicationListener<E>`.
//
// Direction: the store writes `injected_into` and `consumes_event` from the type to the
// consumer (REVERSED_RELATIONSHIPS). An endpoint that is not indexed gives an edge with
// a null target and a `warning` (forward relationships), or, when the missing side is
// the reversed edge's source (an injected or consumed type from a library), an
// unresolved missing_target record with note `framework:<relationship>`.
import type { SymbolRecord } from '../../contracts/graph.js';
import type { Relationship, ResolutionKind } from '../../contracts/tiers.js';
import { javaTypesNamed } from './resolve.js';
import type { Binding, ResolveContext, SiteInput } from '../../contracts/resolve.js';

/** Relationships whose edge points from the site's callee to its caller. */
export const REVERSED_RELATIONSHIPS: ReadonlySet<Relationship> = new Set(['injected_into', 'consumes_event']);

/** The tier of a framework relationship's edge (also of an edge whose endpoint is missing). */
export function frameworkTier(relationship: Relationship, specifier: string): ResolutionKind {
  switch (relationship) {
    case 'route_handler':
    case 'feign_calls':
      return 'framework_annotation';
    case 'configuration_binds':
    case 'grpc_calls':
      return 'framework_declaration';
    case 'consumes_event':
      return specifier.startsWith('@') ? 'framework_annotation' : 'framework_declaration';
    default:
      return 'framework_convention';
  }
}

const edge = (tier: ResolutionKind, list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier, candidates: list });
const missing = (relationship: Relationship): Binding => ({ kind: 'unresolved', reason: 'missing_target', note: `framework:${relationship}` });

function inFile(path: string, key: string | undefined, ctx: ResolveContext): SymbolRecord[] {
  if (key === undefined) return [];
  const symbol = ctx.symbol(`${path}::${key}`);
  return symbol ? [symbol] : [];
}

export function bindFrameworkSite(input: SiteInput, ctx: ResolveContext): Binding {
  const { site } = input;
  const relationship = site.relationship!;
  const tier = frameworkTier(relationship, site.specifier);
  let found: SymbolRecord[];
  switch (relationship) {
    case 'route_handler':
    case 'feign_calls':
      found = inFile(site.path, site.qualifier, ctx);
      break;
    case 'configuration_binds':
      found = site.qualifier !== undefined ? inFile(site.path, site.qualifier, ctx) : javaTypesNamed(site.calleeName, site.path, ctx);
      break;
    case 'grpc_calls': {
      const implBase = `${site.qualifier}ImplBase`;
      found = ctx.byName(site.calleeName).filter((s) => {
        if (s.language !== 'java' || s.kind !== 'method' || s.parent_id === null) return false;
        return ctx.symbol(s.parent_id)?.bases?.includes(implBase) ?? false;
      });
      break;
    }
    default:
      found = javaTypesNamed(site.calleeName, site.path, ctx);
  }
  return found.length > 0 ? edge(tier, found) : missing(relationship);
}
