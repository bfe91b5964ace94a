import { describe, expect, it } from 'vitest';
import { difficultyLabels as labels } from '../../src/analyze/rate.js';
import * as names from '../../src/base/names.js';
import { algorithmNames as algorithms } from '../../src/generate/registry.js';
import { topologyNames as topologies } from '../../src/grid/registry.js';
import { shapeNames as shapes } from '../../src/mask/shapes.js';
import { languageCodes as languages } from '../../src/mazegram/languages.js';
import { localeNames } from '../../src/plan/words.js';
import { ruleNames as rules, symbolNames as symbols } from '../../src/rules/rule-puzzle.js';

describe('the name lists the spec layer reads', () => {
  it('agree with the registries of the stages that define them', () => {
    expect([...names.topologyNames]).toEqual([...topologies]);
    expect([...names.algorithmNames].sort()).toEqual([...algorithms].sort());
    expect([...names.shapeNames]).toEqual([...shapes]);
    expect([...names.languageCodes]).toEqual([...languages]);
    expect([...names.difficultyLabels]).toEqual([...labels]);
    expect([...names.localeCodes].sort()).toEqual([...localeNames].sort());
    expect([...names.ruleNames]).toEqual([...rules]);
    expect([...names.symbolNames]).toEqual([...symbols]);
  });
});
