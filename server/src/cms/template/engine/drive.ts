/**
 * Runs a LiquidJS render generator to its end, like LiquidJS's `toPromise`, but on one explicit stack: nested
 * generators (every tag, output and filter of a page is one) are stepped in place, and only a real promise (a data call,
 * a template read) is awaited. `toPromise` starts an async function, hence a promise and a microtask, per nested
 * generator: thousands per list page, most of the CPU of a site publish. Values, errors and their order are the same.
 */
export async function drive(root: unknown): Promise<unknown> {
  const stack: Array<Iterator<unknown, unknown, unknown>> = [];
  let input: unknown = root;
  // What `input` is: a value still to resolve (a generator is stepped, a promise awaited), a resolved value to hand to
  // the generator on top, or an error to throw into it.
  let kind: 'open' | 'value' | 'error' = 'open';
  for (;;) {
    if (kind === 'open' && isIterator(input)) {
      stack.push(input);
      input = undefined;
    } else if (kind === 'open' && isPromise(input)) {
      try {
        input = await input;
        kind = 'value';
      } catch (error) {
        input = error;
        kind = 'error';
      }
      continue;
    }
    if (!stack.length) {
      if (kind === 'error') throw input;
      return input;
    }
    const top = stack[stack.length - 1];
    let step: IteratorResult<unknown, unknown>;
    try {
      step = kind === 'error' ? top.throw!(input) : top.next(input);
    } catch (error) {
      // The generator did not catch it: its caller gets it.
      stack.pop();
      input = error;
      kind = 'error';
      continue;
    }
    // A finished generator hands its value, once resolved, to its caller.
    if (step.done) stack.pop();
    input = step.value;
    kind = 'open';
  }
}

/** The prototype every native generator object inherits from (LiquidJS's tags, outputs and filters are generators). */
const GENERATOR_PROTOTYPE: object = Object.getPrototypeOf(Object.getPrototypeOf((function* () {})()));

function isIterator(value: unknown): value is Iterator<unknown, unknown, unknown> {
  // Most values stepped through are strings and other primitives, then native generators: those two answers are quick;
  // any other object is checked for the iterator methods as LiquidJS checks them.
  if (!isObjectLike(value)) return false;
  // A native generator inherits from the shared generator prototype (through its function's `prototype`).
  if (Object.prototype.isPrototypeOf.call(GENERATOR_PROTOTYPE, value)) return true;
  return (
    typeof (value as Iterator<unknown>).next === 'function' &&
    typeof (value as Iterator<unknown>).throw === 'function' &&
    typeof (value as Iterator<unknown>).return === 'function'
  );
}

function isPromise(value: unknown): value is PromiseLike<unknown> {
  return isObjectLike(value) && typeof (value as PromiseLike<unknown>).then === 'function';
}

/** What can carry methods (an object or a function): a primitive is neither a generator nor a promise. */
function isObjectLike(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}
