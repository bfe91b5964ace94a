#!/usr/bin/env node
import module from 'node:module';

// Node 22.1+ keeps the compiled code of mazebook and its dependencies between runs (in the system's temp
// folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off), which shortens every start. Node 20 has no such cache.
module.enableCompileCache?.();
await import('../dist/cli/main.js');
