import { FormulaError } from './formula-error.js';
import { functions } from './formula-names.js';
import {
  type ArithmeticOp,
  aKind,
  type CompareOp,
  type FormulaNode,
  type FunctionName,
  kindOf,
} from './formula-node.js';

/**
 * The formula compiler: the tree becomes nested closures once; constant subtrees are folded, and the common
 * shapes (an operand that is a constant, a square) get closures of their own so a point costs a few calls.
 */

type NumberFn = (x: number, y: number) => number;
type ConditionFn = (x: number, y: number) => boolean;
/** A compiled number; `value` is set when it does not depend on the point. */
interface CompiledNumber {
  readonly fn: NumberFn;
  readonly value?: number;
}
interface CompiledCondition {
  readonly fn: ConditionFn;
  readonly value?: boolean;
}

const constantNumber = (value: number): CompiledNumber => ({ fn: () => value, value });
const constantCondition = (value: boolean): CompiledCondition => ({ fn: () => value, value });

const arithmetic: Record<ArithmeticOp, (a: number, b: number) => number> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '^': (a, b) => a ** b,
};

/** Comparisons that are false whenever either side is NaN or ±∞. */
const compare: Record<CompareOp, (p: number, q: number) => boolean> = {
  '<': (p, q) => p < q && p !== -Infinity && q !== Infinity,
  '<=': (p, q) => p <= q && p !== -Infinity && q !== Infinity,
  '>': (p, q) => p > q && p !== Infinity && q !== -Infinity,
  '>=': (p, q) => p >= q && p !== Infinity && q !== -Infinity,
  '=': (p, q) => p === q && p - p === 0,
  '!=': (p, q) => p !== q && p - p === 0 && q - q === 0,
};

function compileNumber(node: FormulaNode): CompiledNumber {
  switch (node.kind) {
    case 'number':
      return constantNumber(node.value);
    case 'variable': {
      const { name, column } = node;
      switch (name) {
        case 'x':
          return { fn: (x) => x };
        case 'y':
          return { fn: (_x, y) => y };
        case 'r':
          return { fn: (x, y) => Math.sqrt(x * x + y * y) };
        case 'a':
          return { fn: (x, y) => Math.atan2(y, x) };
      }
      throw new FormulaError(column, `unknown variable ${name}`);
    }
    case 'negate': {
      const operand = compileNumber(node.operand);
      if (operand.value !== undefined) return constantNumber(-operand.value);
      const f = operand.fn;
      return { fn: (x, y) => -f(x, y) };
    }
    case 'arithmetic':
      return compileArithmetic(node.op, node.left, node.right, node.column);
    case 'call':
      return compileCall(node.name, node.args, node.column);
    case 'conditional': {
      const test = compileCondition(node.test);
      const ifTrue = compileNumber(node.ifTrue);
      const ifFalse = compileNumber(node.ifFalse);
      if (test.value !== undefined) return test.value ? ifTrue : ifFalse;
      const [t, p, q] = [test.fn, ifTrue.fn, ifFalse.fn];
      return { fn: (x, y) => (t(x, y) ? p(x, y) : q(x, y)) };
    }
  }
  throw new FormulaError(node.column, `expected a number here but found ${aKind(kindOf(node))}`);
}

function compileArithmetic(
  op: ArithmeticOp,
  leftNode: FormulaNode,
  rightNode: FormulaNode,
  column: number,
): CompiledNumber {
  const left = compileNumber(leftNode);
  const right = compileNumber(rightNode);
  const apply = arithmetic[op];
  if (!Object.hasOwn(arithmetic, op)) throw new FormulaError(column, `unknown operator '${op}'`);
  if (left.value !== undefined && right.value !== undefined)
    return constantNumber(apply(left.value, right.value));
  const f = left.fn;
  const g = right.fn;
  const square = (op === '*' && sameVariable(leftNode, rightNode)) || (op === '^' && right.value === 2);
  if (square) {
    if (leftNode.kind === 'variable' && leftNode.name === 'x') return { fn: (x) => x * x };
    if (leftNode.kind === 'variable' && leftNode.name === 'y') return { fn: (_x, y) => y * y };
    return {
      fn: (x, y) => {
        const v = f(x, y);
        return v * v;
      },
    };
  }
  if (right.value !== undefined) {
    const b = right.value;
    switch (op) {
      case '+':
        return { fn: (x, y) => f(x, y) + b };
      case '-':
        return { fn: (x, y) => f(x, y) - b };
      case '*':
        return { fn: (x, y) => f(x, y) * b };
      case '/':
        return { fn: (x, y) => f(x, y) / b };
      case '^':
        return { fn: (x, y) => f(x, y) ** b };
    }
  }
  if (left.value !== undefined) {
    const a = left.value;
    switch (op) {
      case '+':
        return { fn: (x, y) => a + g(x, y) };
      case '-':
        return { fn: (x, y) => a - g(x, y) };
      case '*':
        return { fn: (x, y) => a * g(x, y) };
      case '/':
        return { fn: (x, y) => a / g(x, y) };
      case '^':
        return { fn: (x, y) => a ** g(x, y) };
    }
  }
  switch (op) {
    case '+':
      return { fn: (x, y) => f(x, y) + g(x, y) };
    case '-':
      return { fn: (x, y) => f(x, y) - g(x, y) };
    case '*':
      return { fn: (x, y) => f(x, y) * g(x, y) };
    case '/':
      return { fn: (x, y) => f(x, y) / g(x, y) };
    case '^':
      return { fn: (x, y) => f(x, y) ** g(x, y) };
  }
}

function sameVariable(a: FormulaNode, b: FormulaNode): boolean {
  return a.kind === 'variable' && b.kind === 'variable' && a.name === b.name;
}

function compileCall(name: FunctionName, argNodes: readonly FormulaNode[], column: number): CompiledNumber {
  const info = Object.hasOwn(functions, name) ? functions[name] : undefined;
  if (!info) throw new FormulaError(column, `unknown function ${name}`);
  if (argNodes.length < info.minArgs || argNodes.length > info.maxArgs) {
    throw new FormulaError(column, `${name} cannot take ${argNodes.length} arguments`);
  }
  const args = argNodes.map(compileNumber);
  const apply = info.apply;
  if (args.every((a) => a.value !== undefined)) return constantNumber(apply(...args.map((a) => a.value!)));
  if (args.length === 1) {
    const f = args[0].fn;
    return { fn: (x, y) => apply(f(x, y)) };
  }
  if (args.length === 2) {
    const [f, g] = [args[0].fn, args[1].fn];
    return { fn: (x, y) => apply(f(x, y), g(x, y)) };
  }
  const fns = args.map((a) => a.fn);
  return { fn: (x, y) => apply(...fns.map((f) => f(x, y))) };
}

function compileCondition(node: FormulaNode): CompiledCondition {
  switch (node.kind) {
    case 'compare':
      return compileCompare(node.ops, node.operands, node.column);
    case 'logical': {
      const left = compileCondition(node.left);
      const right = compileCondition(node.right);
      const isAnd = node.op === 'and';
      // Evaluation has no side effects, so a constant side decides or drops out whichever side it is on.
      if (left.value !== undefined) return left.value === isAnd ? right : left;
      if (right.value !== undefined) return right.value === isAnd ? left : right;
      const [f, g] = [left.fn, right.fn];
      return isAnd ? { fn: (x, y) => f(x, y) && g(x, y) } : { fn: (x, y) => f(x, y) || g(x, y) };
    }
    case 'not': {
      const operand = compileCondition(node.operand);
      if (operand.value !== undefined) return constantCondition(!operand.value);
      const f = operand.fn;
      return { fn: (x, y) => !f(x, y) };
    }
    case 'conditional': {
      const test = compileCondition(node.test);
      const ifTrue = compileCondition(node.ifTrue);
      const ifFalse = compileCondition(node.ifFalse);
      if (test.value !== undefined) return test.value ? ifTrue : ifFalse;
      const [t, p, q] = [test.fn, ifTrue.fn, ifFalse.fn];
      return { fn: (x, y) => (t(x, y) ? p(x, y) : q(x, y)) };
    }
  }
  throw new FormulaError(
    node.column,
    `the formula must be a condition (true or false at each point), but it is ${aKind(kindOf(node))}`,
  );
}

function compileCompare(
  ops: readonly CompareOp[],
  operandNodes: readonly FormulaNode[],
  column: number,
): CompiledCondition {
  if (ops.length === 0 || operandNodes.length !== ops.length + 1) {
    throw new FormulaError(column, 'a comparison needs one more operand than operators');
  }
  if (kindOf(operandNodes[0]) === 'condition') return compareConditions(ops, operandNodes, column);
  const operands = operandNodes.map(compileNumber);
  const tests = ops.map((op) => {
    const test = compare[op];
    if (!test) throw new FormulaError(column, `unknown comparison '${op}'`);
    return test;
  });
  if (operands.every((o) => o.value !== undefined)) {
    return constantCondition(tests.every((test, i) => test(operands[i].value!, operands[i + 1].value!)));
  }
  if (ops.length === 1) return compareTwo(ops[0], operands[0], operands[1]);
  const fns = operands.map((o) => o.fn);
  return {
    fn: (x, y) => {
      let p = fns[0](x, y);
      for (let i = 0; i < tests.length; i++) {
        const q = fns[i + 1](x, y);
        if (!tests[i](p, q)) return false;
        p = q;
      }
      return true;
    },
  };
}

/** One comparison with the checks inlined; a constant right side (the usual `… < 1`) is the fast path. */
function compareTwo(op: CompareOp, left: CompiledNumber, right: CompiledNumber): CompiledCondition {
  const f = left.fn;
  if (right.value !== undefined) {
    const b = right.value;
    if (!Number.isFinite(b)) return constantCondition(false);
    switch (op) {
      case '<':
        return {
          fn: (x, y) => {
            const p = f(x, y);
            return p < b && p !== -Infinity;
          },
        };
      case '<=':
        return {
          fn: (x, y) => {
            const p = f(x, y);
            return p <= b && p !== -Infinity;
          },
        };
      case '>':
        return {
          fn: (x, y) => {
            const p = f(x, y);
            return p > b && p !== Infinity;
          },
        };
      case '>=':
        return {
          fn: (x, y) => {
            const p = f(x, y);
            return p >= b && p !== Infinity;
          },
        };
      case '=':
        return { fn: (x, y) => f(x, y) === b };
      case '!=':
        return {
          fn: (x, y) => {
            const p = f(x, y);
            return p !== b && p - p === 0;
          },
        };
    }
  }
  const g = right.fn;
  switch (op) {
    case '<':
      return {
        fn: (x, y) => {
          const p = f(x, y);
          const q = g(x, y);
          return p < q && p !== -Infinity && q !== Infinity;
        },
      };
    case '<=':
      return {
        fn: (x, y) => {
          const p = f(x, y);
          const q = g(x, y);
          return p <= q && p !== -Infinity && q !== Infinity;
        },
      };
    case '>':
      return {
        fn: (x, y) => {
          const p = f(x, y);
          const q = g(x, y);
          return p > q && p !== Infinity && q !== -Infinity;
        },
      };
    case '>=':
      return {
        fn: (x, y) => {
          const p = f(x, y);
          const q = g(x, y);
          return p >= q && p !== Infinity && q !== -Infinity;
        },
      };
    default: {
      const test = compare[op];
      return { fn: (x, y) => test(f(x, y), g(x, y)) };
    }
  }
}

/** A chain of `=` / `!=` between conditions, e.g. `(x < 0) = (y < 0)`. */
function compareConditions(
  ops: readonly CompareOp[],
  operandNodes: readonly FormulaNode[],
  column: number,
): CompiledCondition {
  if (ops.some((op) => op !== '=' && op !== '!=')) {
    throw new FormulaError(column, "conditions can only be compared with '=' or '!='");
  }
  const operands = operandNodes.map(compileCondition);
  const equal = ops.map((op) => op === '=');
  if (operands.every((o) => o.value !== undefined)) {
    return constantCondition(equal.every((eq, i) => (operands[i].value === operands[i + 1].value) === eq));
  }
  const fns = operands.map((o) => o.fn);
  return {
    fn: (x, y) => {
      let p = fns[0](x, y);
      for (let i = 0; i < equal.length; i++) {
        const q = fns[i + 1](x, y);
        if ((p === q) !== equal[i]) return false;
        p = q;
      }
      return true;
    },
  };
}

/**
 * Turns a parsed formula into a fast predicate over the plane (closures built once, no `eval`).
 * The predicate never throws; points where the formula is undefined (NaN, ±∞) are outside.
 *
 * @throws FormulaError if the tree was not made by parseFormula and is malformed (e.g. a number at the top)
 */
export function compileFormula(node: FormulaNode): (x: number, y: number) => boolean {
  return compileCondition(node).fn;
}
