// The web unit tests' runner: each test file gets fresh modules and mocks, in a worker that is kept.
//
// With Vitest's default (`isolate: true`) every file starts a new process, which loads React, antd and
// their dependencies again: the suite took 9 CPU-minutes that way, 3 with this runner. With `isolate: false` the
// worker and Node's cache of those packages are kept, but Vitest then keeps every module too: a page
// evaluated by one file under its `vi.mock('@scrm/web-kit')` is what the next file gets, mock and all.
// So before each file is collected, this runner forgets the modules the worker evaluated (our sources,
// the mocks' factories and what they returned) and the registered mocks — as Vitest itself does between
// files of one isolated worker — while Node keeps `node_modules`. The files see what they saw in a
// process of their own; the environment (jsdom) is set up per file either way.
import type { File } from '@vitest/runner';
import { VitestTestRunner } from 'vitest/runners';

interface EvaluatedModule {
  promise?: unknown;
  exports?: unknown;
  evaluated: boolean;
  importers: Set<string>;
}
interface VitestGlobals {
  __vitest_worker__: { evaluatedModules: { idToModuleMap: Map<string, EvaluatedModule> } };
  __vitest_mocker__?: { reset(): void };
}

/** Vitest's own modules stay: the runner and `vi` live in them. */
const vitestItself = [/\/vitest\/dist\//, /vitest-virtual-\w+\/dist/, /@vitest\/dist/];

export default class FreshModulesRunner extends VitestTestRunner {
  onCollectStart(file: File) {
    const vitest = globalThis as unknown as VitestGlobals;
    vitest.__vitest_mocker__?.reset();
    for (const [id, module] of vitest.__vitest_worker__.evaluatedModules.idToModuleMap) {
      if (vitestItself.some((re) => re.test(id))) continue;
      module.promise = undefined;
      module.exports = undefined;
      module.evaluated = false;
      module.importers.clear();
    }
    super.onCollectStart(file);
  }
}
