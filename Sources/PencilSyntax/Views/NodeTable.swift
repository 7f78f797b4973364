/// The table behind a `SharedSyntaxTree`: each node's children, and, in
/// a tree with a loop or a component, what the checker asks of a value
/// node again and again — its range, its two operands, its literal, its
/// operator — worked out once per tree, in the pass that finds the
/// children, into the same array (one allocation per tree). A loop's body
/// and a component's body are read once per iteration or use; each of
/// those reads is then an array lookup. Other trees are read about once,
/// and work these out when asked (ValueRanges.swift).
///
/// For `count` nodes the table holds, in order: where each node's
/// children start (`count + 1` entries), the children (fewer than
/// `count`), and with facts: unused entries up to `2 * count + 1`, two value bounds
/// per node (`valueRange`), two operands per node (`twoExpressions`,
/// `literal`), and per node a binary's operator token kind plus one, or 0
/// (`binaryOperator`).
extension SharedSyntaxTree {
  /// No node (or no literal) among the operands.
  static let noNode = UInt32.max

  /// One pass over the nodes in postorder: the subtrees finished so far
  /// wait on a stack, and a node's children are the ones on top that lie
  /// inside it, already in order; their facts are done before their parent's.
  static func nodeTable(_ tree: SyntaxTree, withFacts: Bool) -> [UInt32] {
    withFacts ? tableWithFacts(tree) : childTable(tree.nodes)
  }

  /// The children alone, in the same pass.
  private static func childTable(_ nodes: [SyntaxNode]) -> [UInt32] {
    let count = nodes.count
    return [UInt32](unsafeUninitializedCapacity: 2 * count + 1) { table, written in
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(count, 1)) { stack in
        var depth = 0
        var next = count + 1
        for index in 0..<count {
          let first = index - Int(nodes[index].subtreeSize) + 1
          var kept = depth
          while kept > 0, Int(stack[kept - 1]) >= first { kept -= 1 }
          table[index] = UInt32(next)
          for slot in kept..<depth {
            table[next] = stack[slot]
            next += 1
          }
          depth = kept
          stack[depth] = UInt32(index)
          depth += 1
        }
        table[count] = UInt32(next)
        written = next
      }
    }
  }

  /// The children and the facts.
  private static func tableWithFacts(_ tree: SyntaxTree) -> [UInt32] {
    let count = tree.nodes.count
    return [UInt32](unsafeUninitializedCapacity: 7 * count + 1) { table, written in
      tree.nodes.withUnsafeBufferPointer { nodes in
        tree.tokens.withUnsafeBufferPointer { tokens in
          tree.literalTokens.withUnsafeBufferPointer { literalTokens in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(count, 1)) { stack in
              var depth = 0
              var next = count + 1
              for index in 0..<count {
                let first = index - Int(nodes[index].subtreeSize) + 1
                var kept = depth
                while kept > 0, Int(stack[kept - 1]) >= first { kept -= 1 }
                table[index] = UInt32(next)
                let children = next..<(next + depth - kept)
                for slot in kept..<depth {
                  table[next] = stack[slot]
                  next += 1
                }
                depth = kept
                stack[depth] = UInt32(index)
                depth += 1
                let facts = Facts(table: table, count: count, nodes: nodes, tokens: tokens)
                facts.write(index, children, literalTokens, tree)
              }
              table[count] = UInt32(next)
              // Unused, but every entry of an array is initialised.
              for slot in next..<(2 * count + 1) { table[slot] = 0 }
              written = 7 * count + 1
            }
          }
        }
      }
    }
  }

  /// The table being written and the tree's arrays, read in place.
  private struct Facts {
    let table: UnsafeMutableBufferPointer<UInt32>
    let count: Int
    let nodes: UnsafeBufferPointer<SyntaxNode>
    let tokens: UnsafeBufferPointer<SyntaxToken>

    /// Node `index`'s value bounds and operands, its children's written.
    @inline(__always) func write(
      _ index: Int, _ children: Range<Int>, _ literalTokens: UnsafeBufferPointer<UInt32>, _ tree: SyntaxTree
    ) {
      let bounds = 2 * count + 1
      let node = nodes[index]
      let first = Int(node.firstToken)
      let endToken = Int(node.endToken)
      // The node's own range, as `SyntaxTree.range` has it.
      var start: UInt32
      var end: UInt32
      if first < endToken {
        start = tokens[first].start
        end = tokens[endToken - 1].end
      } else {
        start = first > 0 ? tokens[first - 1].end : 0
        end = start
      }
      var left = noNode
      var right = noNode
      var operatorCode: UInt32 = 0
      let firstChild = children.isEmpty ? nil : Int(table[children.lowerBound])
      switch node.kind {
      case .numberLiteral, .sizeLiteral, .stringLiteral, .hexColorLiteral:
        left = literalIndex(literalTokens, token: first)
      case .index, .pair, .binary:
        guard let (a, b) = twoExpressions(children) else { break }
        (left, right) = (a, b)
        if node.kind == .binary {
          guard let op = operatorToken(index, firstChild: firstChild, tree) else { break }
          operatorCode = UInt32(op.rawValue) + 1
        }
        start = table[bounds + 2 * Int(a)]
        // An index ends at its `]`: its own range's end.
        if node.kind != .index { end = table[bounds + 2 * Int(b) + 1] }
      case .parenthesized:
        guard let inner = firstChild else { break }
        start = table[bounds + 2 * inner]
        end = table[bounds + 2 * inner + 1]
      case .member:
        // The base, then `.` and a name: the range starts at the base's.
        guard let base = firstChild, Int(nodes[base].endToken) + 1 < endToken else { break }
        start = table[bounds + 2 * base]
      case .prefix:
        guard let operand = firstChild else { break }
        end = table[bounds + 2 * operand + 1]
      default:
        break
      }
      table[bounds + 2 * index] = start
      table[bounds + 2 * index + 1] = end
      table[bounds + 2 * count + 2 * index] = left
      table[bounds + 2 * count + 2 * index + 1] = right
      table[bounds + 4 * count + index] = operatorCode
    }

    /// The kind of a binary node's operator token: its first own operator
    /// token, which is the token right after its left operand (looked for
    /// among all its own tokens only when it is not).
    private func operatorToken(_ id: Int, firstChild: Int?, _ tree: SyntaxTree) -> TokenKind? {
      if let firstChild {
        let left = nodes[firstChild]
        let next = Int(left.endToken)
        if next < Int(nodes[id].endToken), Parser.binaryOperator(tokens[next].kind) != nil,
          nodes[id].firstToken == left.firstToken
        {
          return tokens[next].kind
        }
      }
      var found: TokenKind? = nil
      tree.forEachOwnToken(SyntaxNodeID(id)) { token in
        if found == nil, Parser.binaryOperator(tree.tokens[token].kind) != nil { found = tree.tokens[token].kind }
      }
      return found
    }

    /// The expression children when there are exactly two.
    private func twoExpressions(_ children: Range<Int>) -> (UInt32, UInt32)? {
      var first: UInt32? = nil
      var second: UInt32? = nil
      for slot in children where nodes[Int(table[slot])].kind.isExpression {
        if first == nil {
          first = table[slot]
        } else if second == nil {
          second = table[slot]
        } else {
          return nil
        }
      }
      guard let first, let second else { return nil }
      return (first, second)
    }

    /// The index in `tree.literals` of token `token`'s value, or `noNode`.
    private func literalIndex(_ literalTokens: UnsafeBufferPointer<UInt32>, token: Int) -> UInt32 {
      let token = UInt32(token)
      var low = 0
      var high = literalTokens.count
      while low < high {
        let middle = (low + high) / 2
        if literalTokens[middle] < token { low = middle + 1 } else { high = middle }
      }
      return low < literalTokens.count && literalTokens[low] == token ? UInt32(low) : noNode
    }
  }

  /// The range the checker gives the value at `id`: a member's, an
  /// index's, a binary's and a pair's start where their first part's
  /// does (so `(a).b` starts at `a`), a prefix's, a binary's and a
  /// pair's end where their last part's does, parentheses seen through.
  @inline(__always) func valueRange(_ id: UInt32) -> SourceRange {
    guard hasFacts else { return scannedValueRange(id) }
    let slot = boundsBase + 2 * Int(id)
    return SourceRange(Int(childIDs[slot]), Int(childIDs[slot + 1]))
  }

  /// The node's expression children when there are exactly two (for a
  /// binary, an index or a pair).
  @inline(__always) func twoExpressions(_ id: UInt32) -> (UInt32, UInt32)? {
    guard hasFacts else { return scannedTwoExpressions(id) }
    let slot = operandsBase + 2 * Int(id)
    let right = childIDs[slot + 1]
    return right == Self.noNode ? nil : (childIDs[slot], right)
  }

  /// A literal node's value, if the lexer kept one.
  @inline(__always) func literal(_ id: UInt32) -> LiteralValue? {
    guard hasFacts else { return tree.literal(ofToken: Int(node(id).firstToken)) }
    let index = childIDs[operandsBase + 2 * Int(id)]
    return index == Self.noNode ? nil : tree.literals[Int(index)]
  }

  /// The operator of a binary node with both operands.
  @inline(__always) func binaryOperator(_ id: UInt32) -> BinaryOperator? {
    guard hasFacts else { return scannedBinaryOperator(id) }
    let code = childIDs[operatorsBase + Int(id)]
    return code == 0 ? nil : TokenKind(rawValue: UInt8(code - 1)).flatMap(Parser.binaryOperator)
  }

  /// The number a value is written as, if it is one: a number literal,
  /// negated (`-3`) or in parentheses.
  func numberValue(_ id: UInt32) -> Double? {
    switch kind(id) {
    case .numberLiteral:
      return literal(id)?.first ?? 0
    case .parenthesized:
      return firstChild(id).flatMap(numberValue)
    case .prefix:
      guard tree.tokens[Int(node(id).firstToken)].kind != .not, let operand = firstChild(id) else { return nil }
      return numberValue(operand).map { -$0 }
    default:
      return nil
    }
  }
}
