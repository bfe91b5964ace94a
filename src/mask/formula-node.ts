/**
 * The tree a parsed formula becomes (see formula.ts for the language). Each value is a number or a condition
 * (true/false); `kindOf` tells which.
 */
export type VariableName = 'x' | 'y' | 'r' | 'a';
export type ArithmeticOp = '+' | '-' | '*' | '/' | '^';
/** Canonical comparison operators: `==` is stored as `=`; `#`, `≠`, `<>` as `!=`; `≤`, `≥` as `<=`, `>=`. */
export type CompareOp = '<' | '<=' | '>' | '>=' | '=' | '!=';
/** Canonical function names; the aliases S C T L E are stored as sin cos tan log exp. */
export type FunctionName =
  | 'min'
  | 'max'
  | 'abs'
  | 'floor'
  | 'ceil'
  | 'sin'
  | 'cos'
  | 'tan'
  | 'log'
  | 'exp'
  | 'sqrt'
  | 'atan'
  | 'atan2'
  | 'mod';

/**
 * A parsed formula. `column` is the 1-based position of the token the node stands for (a literal's first
 * character, an operator, a function's name), for error messages. Nodes whose `kind` is `compare`, `logical`
 * or `not` are conditions; `conditional` has the kind of its branches; all others are numbers.
 */
export type FormulaNode =
  /** A literal. Constants (pi, e) and literals with `%` or `°` are folded into their value. */
  | { readonly kind: 'number'; readonly value: number; readonly column: number }
  | { readonly kind: 'variable'; readonly name: VariableName; readonly column: number }
  /** Unary minus (unary plus leaves no node). */
  | { readonly kind: 'negate'; readonly operand: FormulaNode; readonly column: number }
  /** `%` and `°` after a non-literal become `/ 100` and `* (π / 180)` with the column of the postfix. */
  | {
      readonly kind: 'arithmetic';
      readonly op: ArithmeticOp;
      readonly left: FormulaNode;
      readonly right: FormulaNode;
      readonly column: number;
    }
  | {
      readonly kind: 'call';
      readonly name: FunctionName;
      readonly args: readonly FormulaNode[];
      readonly column: number;
    }
  /** A chain `a < b <= c`: `operands.length === ops.length + 1`; true when every adjacent pair holds. */
  | {
      readonly kind: 'compare';
      readonly ops: readonly CompareOp[];
      readonly operands: readonly FormulaNode[];
      readonly column: number;
    }
  | {
      readonly kind: 'logical';
      readonly op: 'and' | 'or';
      readonly left: FormulaNode;
      readonly right: FormulaNode;
      readonly column: number;
    }
  | { readonly kind: 'not'; readonly operand: FormulaNode; readonly column: number }
  /** `test ? ifTrue : ifFalse`; the column is that of `?`. */
  | {
      readonly kind: 'conditional';
      readonly test: FormulaNode;
      readonly ifTrue: FormulaNode;
      readonly ifFalse: FormulaNode;
      readonly column: number;
    };

export type ValueKind = 'number' | 'condition';

/** Whether a node yields a number or a condition (true/false). */
export function kindOf(node: FormulaNode): ValueKind {
  switch (node.kind) {
    case 'compare':
    case 'logical':
    case 'not':
      return 'condition';
    case 'conditional':
      return kindOf(node.ifTrue);
    default:
      return 'number';
  }
}

export const aKind = (kind: ValueKind) => (kind === 'number' ? 'a number' : 'a condition (true or false)');
