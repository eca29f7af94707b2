// Key lists of the public shapes, for their drift tests. A list is checked against
// its type when it compiles (a key of the type left out, or a key the type lacks,
// is a type error), and the drift tests check real output against the list, in
// order. So neither the type nor what cairn prints can change alone.

/** `keysOf<T>()([...])`: the keys of T in output order, complete or a compile error. */
export function keysOf<T>() {
  return <const K extends ReadonlyArray<keyof T>>(keys: K & ([Exclude<keyof T, K[number]>] extends [never] ? unknown : { missing: Exclude<keyof T, K[number]> })): K => keys;
}
