// What a Python file says by itself about the type of a call's receiver. The answer is
// a *recipe* the binder (parsers/python/resolve.ts) evaluates across files:
//
//   T, mod.T      a declared class: an annotation (`x: T`, `def f(x: T)`, `self.x: T`)
//   F(), a.F()    the value of calling F as written: an instance when F is a class, the
//                 declared result (`-> T`) when it is a function
//   self.m()      the declared result of method m of the enclosing class
//
// A receiver gets a recipe only when every binding of it in its scope agrees: a local
// name's assignments and parameter in its function (or module), an attribute's
// `self.x = ...` assignments in the methods of its class and `x = ...` in the class
// body. `None` is no binding (the usual placeholder); any binding that cannot be typed
// (a tuple target, a loop variable, an untyped parameter, `x = y`) leaves no recipe.
import type { Node } from '../tree-sitter.js';

const NESTED_SCOPES = new Set(['function_definition', 'class_definition', 'lambda']);
const MAX_RECIPE = 120;

/** The class name of an annotation: `T`, `mod.T`, `"T"`, `Optional[T]`, `T | None`; else undefined. */
export function annotationType(node: Node | null | undefined): string | undefined {
  let type = node?.type === 'type' ? node.namedChild(0) : node;
  if (!type) return undefined;
  if (type.type === 'string') {
    const text = type.text.replace(/^[rbu]*(['"])(.*)\1$/s, '$2');
    return /^[A-Za-z_][\w.]*$/.test(text) ? text : undefined;
  }
  if (type.type === 'binary_operator' && type.childForFieldName('operator')?.text === '|') {
    const sides = [type.childForFieldName('left'), type.childForFieldName('right')].filter((s) => s?.text !== 'None');
    return sides.length === 1 ? annotationType(sides[0]) : undefined;
  }
  // `Optional[T]`, in either grammar shape (subscript or generic_type).
  if ((type.type === 'subscript' || type.type === 'generic_type') && /^(typing\.)?Optional\b/.test(type.text)) {
    const inner = type.type === 'subscript' ? type.childForFieldName('subscript') : type.namedChild(1)?.namedChild(0);
    return annotationType(inner);
  }
  if (type.type === 'identifier' || type.type === 'attribute') {
    const text = type.text.replace(/\s+/g, '');
    return /^[A-Za-z_][\w.]*$/.test(text) ? text : undefined;
  }
  return undefined;
}

/** The recipe of a value: a call of a name (`F()`, `a.b.F()`, `self.m()`); undefined otherwise. */
function valueRecipe(value: Node | null): string | undefined {
  if (value?.type !== 'call') return undefined;
  const fn = value.childForFieldName('function');
  if (fn?.type !== 'identifier' && fn?.type !== 'attribute') return undefined;
  const text = fn.text.replace(/\s+/g, '');
  return /^[A-Za-z_][\w.]*$/.test(text) && text.length < MAX_RECIPE ? `${text}()` : undefined;
}

/** Binds `recipes` to one recipe when every binding agrees, `poison` when one cannot be typed. */
class Bindings {
  readonly recipes = new Set<string>();
  poison = false;
  add(recipe: string | undefined | null): void {
    if (recipe === null) return; // `= None`: a placeholder, not a binding
    if (recipe === undefined) this.poison = true;
    else this.recipes.add(recipe);
  }
  get recipe(): string | undefined {
    return !this.poison && this.recipes.size === 1 ? [...this.recipes][0] : undefined;
  }
}

function assignedRecipe(assignment: Node): string | undefined | null {
  const declared = annotationType(assignment.childForFieldName('type'));
  if (declared !== undefined) return declared;
  if (assignment.childForFieldName('type')) return undefined;
  const right = assignment.childForFieldName('right');
  if (right?.type === 'none') return null;
  return valueRecipe(right);
}

/** Visits the nodes of a scope's body, not those of nested functions, classes and lambdas. */
function walkScope(node: Node, visit: (n: Node) => void): void {
  for (const child of node.namedChildren) {
    if (!child) continue;
    visit(child);
    if (!NESTED_SCOPES.has(child.type)) walkScope(child, visit);
  }
}

/** Names an assignment-like node binds without a type we can read (tuple targets, loops, `with ... as`, walrus). */
function bindsUntyped(n: Node, name: string): boolean {
  const targets: (Node | null)[] = [];
  if (n.type === 'for_statement' || n.type === 'for_in_clause') targets.push(n.childForFieldName('left'));
  else if (n.type === 'as_pattern') targets.push(n.childForFieldName('alias'));
  else if (n.type === 'named_expression') targets.push(n.childForFieldName('name'));
  else if (n.type === 'augmented_assignment') targets.push(n.childForFieldName('left'));
  else if (n.type === 'assignment' && n.childForFieldName('left')?.type !== 'identifier') targets.push(n.childForFieldName('left'));
  else if (n.type === 'global_statement' || n.type === 'nonlocal_statement') targets.push(n);
  return targets.some((t) => t !== null && (t.type === 'identifier' ? t.text === name : t.descendantsOfType('identifier').some((i) => i?.text === name)));
}

function enclosing(node: Node, types: ReadonlySet<string>): Node | null {
  for (let n = node.parent; n; n = n.parent) if (types.has(n.type)) return n;
  return null;
}

const FUNCTION = new Set(['function_definition']);
const FUNCTION_OR_CLASS = new Set(['function_definition', 'class_definition']);

/** A local name's recipe in the function (or module) where the call is. */
function localRecipe(call: Node, name: string): string | undefined {
  const fn = enclosing(call, FUNCTION);
  const scope = fn ?? call.tree.rootNode;
  const bindings = new Bindings();
  for (const p of fn?.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!p) continue;
    const pname = p.type === 'identifier' ? p : p.type === 'typed_parameter' ? p.namedChild(0) : p.childForFieldName('name');
    if (pname?.text !== name) continue;
    if (p.type === 'typed_parameter' || p.type === 'typed_default_parameter') bindings.add(annotationType(p.childForFieldName('type')));
    else bindings.add(undefined);
  }
  const body = fn ? fn.childForFieldName('body') : scope;
  if (!body) return undefined;
  walkScope(body, (n) => {
    if (n.type === 'assignment' && n.childForFieldName('left')?.type === 'identifier' && n.childForFieldName('left')!.text === name) bindings.add(assignedRecipe(n));
    else if (bindsUntyped(n, name)) bindings.add(undefined);
    // A nested function or class of that name rebinds it.
    else if (FUNCTION_OR_CLASS.has(n.type) && n.childForFieldName('name')?.text === name) bindings.add(undefined);
  });
  return bindings.recipe;
}

/** An attribute's recipe in its class: `x = ...`/`x: T` in the body, `self.x = ...` in its methods. */
function attributeRecipe(cls: Node, attribute: string): string | undefined {
  const body = cls.childForFieldName('body');
  if (!body) return undefined;
  const bindings = new Bindings();
  for (const statement of body.namedChildren) {
    if (!statement) continue;
    if (statement.type === 'expression_statement') {
      const a = statement.namedChild(0);
      if (a?.type === 'assignment' && a.childForFieldName('left')?.text === attribute) bindings.add(assignedRecipe(a));
      continue;
    }
    const def = statement.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
    if (def?.type !== 'function_definition') continue;
    if (def.childForFieldName('name')?.text === attribute) bindings.add(undefined); // a method or property of that name
    const self = firstParameter(def);
    if (!self) continue;
    walkScope(def.childForFieldName('body') ?? def, (n) => {
      if (n.type !== 'assignment' && n.type !== 'augmented_assignment') return;
      const left = n.childForFieldName('left');
      if (left?.type === 'attribute' && left.childForFieldName('object')?.text === self && left.childForFieldName('attribute')?.text === attribute) {
        bindings.add(n.type === 'assignment' ? assignedRecipe(n) : undefined);
      } else if (left && left.type !== 'identifier' && left.type !== 'attribute' && left.descendantsOfType('attribute').some((d) => d?.text === `${self}.${attribute}`)) {
        bindings.add(undefined);
      }
    });
  }
  return bindings.recipe;
}

/** At most this many data attribute names are kept per class. */
const MAX_DATA_ATTRIBUTES = 256;

/**
 * The names a class binds to values rather than defines as methods: `x = ...` or
 * `x: T` in its body, `self.x = ...` in its methods. A call `self.x()` of one calls
 * whatever value it holds (a function, a class): an indirect call.
 */
export function dataAttributes(cls: Node): string[] {
  const body = cls.childForFieldName('body');
  if (!body) return [];
  const bound = new Set<string>();
  const defined = new Set<string>();
  for (const statement of body.namedChildren) {
    if (!statement) continue;
    if (statement.type === 'expression_statement') {
      const left = statement.namedChild(0)?.type === 'assignment' ? statement.namedChild(0)!.childForFieldName('left') : null;
      if (left?.type === 'identifier') bound.add(left.text);
      continue;
    }
    const def = statement.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
    if (def?.type === 'class_definition') defined.add(def.childForFieldName('name')?.text ?? '');
    if (def?.type !== 'function_definition') continue;
    defined.add(def.childForFieldName('name')?.text ?? '');
    const self = firstParameter(def);
    if (!self) continue;
    walkScope(def.childForFieldName('body') ?? def, (n) => {
      if (n.type !== 'assignment') return;
      const left = n.childForFieldName('left');
      if (left?.type === 'attribute' && left.childForFieldName('object')?.text === self) {
        const name = left.childForFieldName('attribute')?.text;
        if (name) bound.add(name);
      }
    });
  }
  return [...bound].filter((name) => !defined.has(name)).sort().slice(0, MAX_DATA_ATTRIBUTES);
}

function firstParameter(def: Node): string | undefined {
  const first = def.childForFieldName('parameters')?.namedChild(0);
  if (!first) return undefined;
  const name = first.type === 'identifier' ? first : first.type === 'typed_parameter' ? first.namedChild(0) : first.childForFieldName('name');
  return name?.type === 'identifier' ? name.text : undefined;
}

/** Recipes already worked out in a tree, by scope node and name: a scope is walked once per name. */
const memo = new WeakMap<object, Map<string, string | undefined>>();

function remembered(tree: object, key: string, compute: () => string | undefined): string | undefined {
  let known = memo.get(tree);
  if (!known) memo.set(tree, (known = new Map()));
  if (!known.has(key)) known.set(key, compute());
  return known.get(key);
}

/**
 * The recipe for the receiver of a member call (`receiver.m()`), or undefined. `self`,
 * `cls` and `super()` are the binder's own business and get none here.
 */
export function receiverRecipe(call: Node, receiver: Node): string | undefined {
  if (receiver.type === 'identifier') {
    if (receiver.text === 'self' || receiver.text === 'cls') return undefined;
    const scope = enclosing(call, FUNCTION);
    return remembered(call.tree, `${scope?.startIndex ?? -1}:${receiver.text}`, () => localRecipe(call, receiver.text));
  }
  if (receiver.type === 'attribute') {
    const object = receiver.childForFieldName('object');
    const attribute = receiver.childForFieldName('attribute')?.text;
    if (object?.type !== 'identifier' || (object.text !== 'self' && object.text !== 'cls') || !attribute) return undefined;
    // The class whose method holds the call.
    const method = enclosing(call, FUNCTION);
    const cls = method ? enclosing(method, FUNCTION_OR_CLASS) : null;
    if (cls?.type !== 'class_definition') return undefined;
    return remembered(call.tree, `${cls.startIndex}.${attribute}`, () => attributeRecipe(cls, attribute));
  }
  if (receiver.type === 'call') {
    const fn = receiver.childForFieldName('function');
    if (fn?.type === 'identifier' && fn.text === 'super') return undefined;
    return valueRecipe(receiver);
  }
  return undefined;
}
