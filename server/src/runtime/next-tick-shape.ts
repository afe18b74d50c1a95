import { createHook } from 'node:async_hooks';

/**
 * Keeps `process.nextTick` on V8's fast path for the life of the process (Node 20 and 22), by
 * holding one of its tick objects.
 *
 * Node makes each tick as an object literal with symbol keys (`{ [async_id_symbol]: …,
 * [trigger_async_id_symbol]: …, callback, args }`). For each key, V8's feedback remembers the
 * hidden class it is added to, weakly, and knows one class or gives up for good ("megamorphic"):
 * it has no state in between for such a literal. A full garbage collection while no tick is
 * pending frees those classes, and an idle server has one within minutes (V8's memory reducer:
 * `Mark-Compact (reduce)` in --trace-gc); the next tick makes new classes, V8 gives up, and from
 * then on every nextTick, which every answer calls (Node's res.end), defines its keys through the
 * runtime, looking the classes up each time. A server in that state answered cache hits at 0.89-0.93
 * of the rate of one with this module (bench/README.md). A tick object held alive holds
 * its hidden class, and through its back pointers those it was built from, so the feedback stays on
 * one class.
 *
 * Node 24's V8 keeps them without it, and from Node 26 nextTick makes its ticks with a class, not a
 * literal; there this costs one object. The tick held is a real one (an object of Node's making, the
 * one way to have its exact classes), caught by an async hook enabled for that one nextTick and
 * disabled at once, and held by this module's exports (require's cache keeps them): a tick held by
 * nothing but the module's scope was collected with it, and the server fell into the slow path as
 * without it. test/server/next-tick-shape.test.ts shows both ways in a child Node. Done when this
 * module is loaded: the entry points (main.ts, cli/worker.ts) import it before anything else, so
 * that no collection comes first.
 */
/**
 * The tick object held: exported so that the module's exports, which require's cache keeps, hold
 * it for the life of the process. Nothing needs to read it.
 */
export const heldTickObject: object | undefined = catchATickObject();

/** A tick object of Node's making: the one process.nextTick made while an async hook listened. */
function catchATickObject(): object | undefined {
  let caught: object | undefined;
  const hook = createHook({
    // Called synchronously, inside process.nextTick, with the tick object as the resource.
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && caught === undefined) caught = resource as object;
    },
  }).enable();
  try {
    process.nextTick(noop);
  } finally {
    hook.disable();
  }
  return caught;
}

function noop(): void {}
