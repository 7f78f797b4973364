import PencilGeometry

/// A Type 2 charstring run to its outline (Adobe's Technical Note #5177):
/// the path operators, hints skipped (their masks' bytes counted), the
/// flex operators as the two curves they are, subroutines local and
/// global. Bounded: 48 operands on the stack, subroutines 10 deep, and at
/// most `maximumOperators` operators run, however the subroutines call
/// each other.
struct Type2Charstring {
  static let maximumStack = 48
  static let maximumDepth = 10
  static let maximumOperators = 65_536

  private let global: CFFIndex
  private let local: CFFIndex
  private var stack: [Double] = []
  private var segments: [PathSegment] = []
  private var current = Point(0, 0)
  private var open = false
  private var stems = 0
  /// Whether the first stack-clearing operator, which may carry the width
  /// first, has run.
  private var widthSeen = false
  private var operators = 0
  private var ended = false

  init(global: CFFIndex, local: CFFIndex) { (self.global, self.local) = (global, local) }

  /// The outline of a charstring, in font units, y up.
  static func outline(_ charstring: FontReader, global: CFFIndex, local: CFFIndex) throws(FontError) -> [PathSegment] {
    var machine = Type2Charstring(global: global, local: local)
    try machine.run(charstring, depth: 0)
    machine.closeContour()
    return machine.segments
  }

  private static func bias(_ index: CFFIndex) -> Int {
    index.count < 1240 ? 107 : index.count < 33900 ? 1131 : 32768
  }

  private mutating func closeContour() {
    if open { segments.append(.close) }
    open = false
  }

  private mutating func move(_ dx: Double, _ dy: Double) {
    closeContour()
    current = Point(current.x + dx, current.y + dy)
    segments.append(.move(current))
    open = true
  }

  private mutating func line(_ dx: Double, _ dy: Double) {
    current = Point(current.x + dx, current.y + dy)
    segments.append(.line(current))
  }

  private mutating func curve(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
    let c1 = Point(current.x + a, current.y + b)
    let c2 = Point(c1.x + c, c1.y + d)
    current = Point(c2.x + e, c2.y + f)
    segments.append(.cubic(control1: c1, control2: c2, to: current))
  }

  /// Takes the width off the stack at the first stack-clearing operator
  /// when the operands are one more than it takes (`even`: its count is
  /// even without the width).
  private mutating func takeWidth(even: Bool) {
    guard !widthSeen else { return }
    widthSeen = true
    if even ? stack.count % 2 == 1 : stack.count % 2 == 0, !stack.isEmpty { stack.removeFirst() }
  }

  private mutating func run(_ code: FontReader, depth: Int) throws(FontError) {
    guard depth <= Type2Charstring.maximumDepth else {
      throw code.error("subroutines more than \(Type2Charstring.maximumDepth) deep")
    }
    var offset = 0
    while offset < code.count, !ended {
      let b0 = Int(try code.u8(offset))
      offset += 1
      if b0 >= 32 || b0 == 28 {
        let value: Double
        switch b0 {
        case 28:
          value = Double(try code.i16(offset))
          offset += 2
        case 32...246: value = Double(b0 - 139)
        case 247...250:
          value = Double((b0 - 247) * 256 + Int(try code.u8(offset)) + 108)
          offset += 1
        case 251...254:
          value = Double(-(b0 - 251) * 256 - Int(try code.u8(offset)) - 108)
          offset += 1
        default:
          value = try code.fixed(offset)
          offset += 4
        }
        guard stack.count < Type2Charstring.maximumStack else { throw code.error("more than 48 operands") }
        stack.append(value)
        continue
      }
      operators += 1
      guard operators <= Type2Charstring.maximumOperators else {
        throw code.error("more than \(Type2Charstring.maximumOperators) operators in one glyph")
      }
      var op = b0
      if b0 == 12 {
        op = 1200 + Int(try code.u8(offset))
        offset += 1
      }
      if op == 10 || op == 29 {
        // callsubr, callgsubr: the index, biased, is on the stack.
        guard let number = stack.popLast().flatMap(CFFDict.whole) else {
          throw code.error("a subroutine call without its number")
        }
        let subrs = op == 10 ? local : global
        let index = number + Type2Charstring.bias(subrs)
        try run(try subrs.item(index), depth: depth + 1)
        continue
      }
      if op == 11 { return }
      if op == 19 || op == 20 {
        // hintmask, cntrmask: stems given just before are vertical ones.
        takeWidth(even: true)
        stems += stack.count / 2
        stack.removeAll()
        offset += (stems + 7) / 8
        continue
      }
      try apply(op, code)
      stack.removeAll()
    }
  }

  /// A path, hint or end operator, on the operands on the stack.
  private mutating func apply(_ op: Int, _ code: FontReader) throws(FontError) {
    let s = stack
    func need(_ count: Int) throws(FontError) {
      guard s.count >= count else { throw code.error("operator \(op) with \(s.count) operands") }
    }
    switch op {
    case 1, 3, 18, 23:  // stems: pairs
      takeWidth(even: true)
      stems += stack.count / 2
    case 21:  // rmoveto
      takeWidth(even: true)
      try need(2)
      move(stack[stack.count - 2], stack[stack.count - 1])
    case 22, 4:  // hmoveto, vmoveto
      takeWidth(even: false)
      try need(1)
      let d = stack[stack.count - 1]
      op == 22 ? move(d, 0) : move(0, d)
    case 5:  // rlineto
      var i = 0
      while i + 1 < s.count {
        line(s[i], s[i + 1])
        i += 2
      }
    case 6, 7:  // hlineto, vlineto: alternating
      var horizontal = op == 6
      for d in s {
        horizontal ? line(d, 0) : line(0, d)
        horizontal.toggle()
      }
    case 8:  // rrcurveto
      var i = 0
      while i + 5 < s.count {
        curve(s[i], s[i + 1], s[i + 2], s[i + 3], s[i + 4], s[i + 5])
        i += 6
      }
    case 24:  // rcurveline: curves, then a line
      try need(8)
      var i = 0
      while i + 5 < s.count - 2 {
        curve(s[i], s[i + 1], s[i + 2], s[i + 3], s[i + 4], s[i + 5])
        i += 6
      }
      line(s[s.count - 2], s[s.count - 1])
    case 25:  // rlinecurve: lines, then a curve
      try need(8)
      var i = 0
      while i + 1 < s.count - 6 {
        line(s[i], s[i + 1])
        i += 2
      }
      let c = s.count - 6
      curve(s[c], s[c + 1], s[c + 2], s[c + 3], s[c + 4], s[c + 5])
    case 26:  // vvcurveto: an optional dx1 first
      var i = 0
      var dx1 = 0.0
      if s.count % 4 == 1 {
        dx1 = s[0]
        i = 1
      }
      while i + 3 < s.count {
        curve(dx1, s[i], s[i + 1], s[i + 2], 0, s[i + 3])
        dx1 = 0
        i += 4
      }
    case 27:  // hhcurveto: an optional dy1 first
      var i = 0
      var dy1 = 0.0
      if s.count % 4 == 1 {
        dy1 = s[0]
        i = 1
      }
      while i + 3 < s.count {
        curve(s[i], dy1, s[i + 1], s[i + 2], s[i + 3], 0)
        dy1 = 0
        i += 4
      }
    case 30, 31:  // vhcurveto, hvcurveto: alternating, the last may end off-axis
      var horizontal = op == 31
      var i = 0
      while i + 3 < s.count {
        let last = s.count - i == 5 ? s[i + 4] : 0
        if horizontal {
          curve(s[i], 0, s[i + 1], s[i + 2], last, s[i + 3])
        } else {
          curve(0, s[i], s[i + 1], s[i + 2], s[i + 3], last)
        }
        horizontal.toggle()
        i += 4
      }
    case 14:  // endchar
      takeWidth(even: true)
      guard stack.count < 4 else { throw code.error("endchar as seac (accented characters) is not read") }
      closeContour()
      ended = true
    case 1235:  // flex: two curves and a depth
      try need(12)
      curve(s[0], s[1], s[2], s[3], s[4], s[5])
      curve(s[6], s[7], s[8], s[9], s[10], s[11])
    case 1234:  // hflex: dx1 dx2 dy2 dx3 dx4 dx5 dx6, back to the starting height
      try need(7)
      curve(s[0], 0, s[1], s[2], s[3], 0)
      curve(s[4], 0, s[5], -s[2], s[6], 0)
    case 1236:  // hflex1: dx1 dy1 dx2 dy2 dx3 dx4 dx5 dy5 dx6, back to the starting height
      try need(9)
      curve(s[0], s[1], s[2], s[3], s[4], 0)
      curve(s[5], 0, s[6], s[7], s[8], -(s[1] + s[3] + s[7]))
    case 1237:  // flex1: the last point back on the axis it moved less along
      try need(11)
      let dx = s[0] + s[2] + s[4] + s[6] + s[8]
      let dy = s[1] + s[3] + s[5] + s[7] + s[9]
      curve(s[0], s[1], s[2], s[3], s[4], s[5])
      if abs(dx) > abs(dy) {
        curve(s[6], s[7], s[8], s[9], s[10], -dy)
      } else {
        curve(s[6], s[7], s[8], s[9], -dx, s[10])
      }
    default:
      throw code.error("charstring operator \(op >= 1200 ? "12 \(op - 1200)" : "\(op)") is not read")
    }
  }
}
