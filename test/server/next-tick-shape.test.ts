import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';

/**
 * What runtime/next-tick-shape.ts is for, shown in a child Node with V8's own view of nextTick's
 * feedback (%DebugPrint, --allow-natives-syntax): ticks, a full collection while none is pending,
 * ticks again, then the state V8 keeps for each key of Node's tick object. nextTick is kept
 * unoptimized (optimized code holds the classes a while longer, which would make the verdict depend
 * on when the optimizer ran). The second case is the V8 behaviour the module works around.
 */
const MODULE = path.resolve(__dirname, '../../server/src/runtime/next-tick-shape.ts');
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
/**
 * Whether this Node makes each tick as an object literal with symbol keys (Node 20 to 24), whose
 * feedback V8 can lose; from Node 26 nextTick makes them with a class (`new TickObject(...)`), and
 * there is no such literal at all.
 */
const TICKS_ARE_SYMBOL_KEYED_LITERALS = /\[async_id_symbol\]\s*:/.test(process.nextTick.toString());

/**
 * The module as plain CommonJS, for a child Node with no loader of its own: a loader (tsx) keeps
 * ticks of its own pending, and the collection then frees nothing.
 */
function compiledModule(directory: string): string {
  const file = path.join(directory, 'next-tick-shape.js');
  const { outputText } = ts.transpileModule(fs.readFileSync(MODULE, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  fs.writeFileSync(file, outputText);
  return file;
}

/**
 * The state of each key's feedback in nextTick's tick literal after a collection, with or without
 * the module loaded first (as the entry points load it: nothing of it kept but what it keeps).
 */
function tickKeyStatesAfterACollection(withTheModule: boolean): string[] {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'next-tick-shape-'));
  try {
    const script = `
      ${withTheModule ? `require(${JSON.stringify(compiledModule(directory))});` : ''}
      %NeverOptimizeFunction(process.nextTick);
      const ticks = (left, done) => (left === 0 ? done() : process.nextTick(ticks, left - 1, done));
      ticks(1000, () => setTimeout(() => {
        globalThis.gc();
        ticks(1000, () => %DebugPrint(process.nextTick));
      }, 10));
    `;
    const file = path.join(directory, 'child.js');
    fs.writeFileSync(file, script);
    const child = spawnSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', file], { encoding: 'utf8', timeout: 60_000 });
    if (child.status !== 0) throw new Error(`the child Node failed: ${child.stderr}`);
    // V8 printed nextTick's feedback vector, one line a slot (its calls among them): the states below say something.
    expect(child.stdout).toMatch(/slot #\d+ Call/);
    return [...child.stdout.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1] as string);
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

describe("process.nextTick's fast path (runtime/next-tick-shape.ts)", () => {
  if (!TICKS_ARE_SYMBOL_KEYED_LITERALS) {
    it('has no literal to lose from Node 26, where Node makes each tick with a class, and the module still loads', () => {
      expect(tickKeyStatesAfterACollection(true)).toEqual([]);
      expect(tickKeyStatesAfterACollection(false)).toEqual([]);
    });
    return;
  }

  /** The states of the tick literal's keys: it has four (five from Node 24), and fewer means V8 prints its feedback otherwise now. */
  const literalKeyStates = (withTheModule: boolean) => {
    const states = tickKeyStatesAfterACollection(withTheModule);
    expect(states.length).toBeGreaterThanOrEqual(4);
    return states;
  };

  it('stays after a full garbage collection while no tick is pending, once the server holds a tick', () => {
    expect(new Set(literalKeyStates(true))).toEqual(new Set(['MONOMORPHIC']));
  });

  if (NODE_MAJOR < 24) {
    it('is lost for good without it on Node 20 and 22: V8 gives up on every key after the first', () => {
      const [first, ...rest] = literalKeyStates(false);
      expect(first).toBe('MONOMORPHIC');
      expect(new Set(rest)).toEqual(new Set(['MEGAMORPHIC']));
    });
  } else {
    it('is kept by V8 itself on Node 24, where the module holds one object for nothing', () => {
      expect(new Set(literalKeyStates(false))).toEqual(new Set(['MONOMORPHIC']));
    });
  }
});
