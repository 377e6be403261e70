import {
  BinaryOperationNode,
  type KyselyPlugin,
  OperationNodeTransformer,
  OperatorNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryResult,
  RawNode,
  type RootOperationNode,
  type UnknownRow,
  ValueNode,
} from 'kysely';

/**
 * `x in ($1, $2, …)` → `x = any($1)` with the list as ONE array parameter (and `not in` → `<> all`),
 * same meaning, NULLs included. The statement's text then no longer depends on how many ids a page
 * had, so one prepared statement (db/prepared-statements.ts) serves every page of a request's shape.
 */
class InListToAnyTransformer extends OperationNodeTransformer {
  protected override transformBinaryOperation(node: BinaryOperationNode): BinaryOperationNode {
    const transformed = super.transformBinaryOperation(node);
    const { operator, rightOperand, leftOperand } = transformed;
    if (!OperatorNode.is(operator) || !PrimitiveValueListNode.is(rightOperand)) return transformed;
    if (operator.operator !== 'in' && operator.operator !== 'not in') return transformed;
    const negated = operator.operator === 'not in';
    return BinaryOperationNode.create(
      leftOperand,
      OperatorNode.create(negated ? '<>' : '='),
      RawNode.create([negated ? 'all(' : 'any(', ')'], [ValueNode.create([...rightOperand.values])]),
    );
  }
}

export class InListToAnyPlugin implements KyselyPlugin {
  readonly #transformer = new InListToAnyTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
