/// The comma of a position (`at X,Y`, a path point, `offset=X,Y`) takes a
/// space when a part beside it is an expression with an operator, written
/// with spaces (`at 20 + i * 70, 20`), and none otherwise (`at 20,20`).
/// The parts are found by walking over one operand on each side.
extension FormatSpacing {
  func operatorBeside(comma: Int) -> Bool {
    operatorBefore(skippingOperandEndingAt: previousCode(comma))
      || operatorAfter(skippingOperandFrom: nextCode(comma))
  }

  private func isBinary(_ index: Int) -> Bool {
    guard index >= 0, index < pieces.count, let kind = pieces[index].tokenKind else { return false }
    if kind == .minus { return !isUnaryMinus(index) }
    return Parser.binaryOperator(kind) != nil
  }

  private func kind(_ index: Int) -> TokenKind? {
    index >= 0 && index < pieces.count ? pieces[index].tokenKind : nil
  }

  private func operatorBefore(skippingOperandEndingAt end: Int) -> Bool {
    var index = end
    // The postfix chain, read backwards: `a.b(c)[d]`.
    chain: while index >= 0 {
      switch kind(index) {
      case .rightParen?, .rightBracket?:
        let opener = pieces[index].partner
        guard opener >= 0 else { return false }
        index = previousCode(opener)
        if let before = kind(index), endsOperand(before) { continue chain }
        break chain
      case .identifier?:
        index = previousCode(index)
        guard kind(index) == .dot else { break chain }
        let receiver = previousCode(index)
        guard let before = kind(receiver), endsOperand(before), !pieces[index].spaceBefore else {
          index = receiver
          break chain
        }
        index = receiver
      case .number?, .dimension?, .hexColor?, .string?:
        index = previousCode(index)
        break chain
      default:
        break chain
      }
    }
    // Signs in front of the operand.
    while let sign = kind(index), sign == .not || (sign == .minus && isUnaryMinus(index)) {
      index = previousCode(index)
    }
    return isBinary(index)
  }

  private func operatorAfter(skippingOperandFrom start: Int) -> Bool {
    var index = start
    while let sign = kind(index), sign == .not || sign == .minus { index = nextCode(index) }
    switch kind(index) {
    case .leftParen?, .leftBracket?:
      guard pieces[index].partner >= 0 else { return false }
      index = nextCode(pieces[index].partner)
    case .identifier?:
      index = nextCode(index)
      if kind(index) == .leftParen, pieces[index].partner >= 0 { index = nextCode(pieces[index].partner) }
    case .dot?:
      index = nextCode(nextCode(index))
    case nil:
      return false
    default:
      index = nextCode(index)
    }
    // `.member(args)` and `[index]` after it.
    while true {
      if kind(index) == .dot, kind(nextCode(index)) == .identifier {
        index = nextCode(nextCode(index))
        if kind(index) == .leftParen, pieces[index].partner >= 0 { index = nextCode(pieces[index].partner) }
      } else if kind(index) == .leftBracket, pieces[index].partner >= 0 {
        index = nextCode(pieces[index].partner)
      } else {
        break
      }
    }
    return isBinary(index)
  }
}
