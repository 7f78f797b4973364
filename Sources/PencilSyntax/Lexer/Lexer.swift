/// Turns UTF-8 bytes into tokens, one at a time as the parser asks, so no
/// token array is ever built. It never stops at an error: bad input becomes
/// a diagnostic plus an `.invalid` token (or a best-effort literal), so the
/// parser always sees a complete stream.
package struct Lexer {
  let bytes: [UInt8]
  var index = 0
  /// The token `emit` made (`hasToken` until `advance` hands it on): a
  /// flag and a plain field rather than an optional, which would be
  /// written three times.
  private var made = Token(kind: .endOfFile, start: 0, end: 0)
  private var hasToken = false
  private var lastKind = TokenKind.newline
  var strings: [String] = []
  /// The pieces of strings with `\(…)`, indexed by a string token's `second` - 1.
  var interpolations: [[StringPiece]] = []
  private(set) var diagnostics = DiagnosticList()
  /// Set by a report: the token being lexed carries a problem.
  var tokenIsFlawed = false
  /// Whether the bytes between tokens are kept in `trivia` (for the
  /// syntax tree); off, they are skipped without a trace.
  var recordsTrivia = false
  /// Spaces, line breaks that end no statement and comments, in order.
  var trivia: [TriviaPiece] = []
  /// `ByteClasses.table`, held here so the dispatch reads it without
  /// asking, per byte, whether the global has been made.
  let classes = ByteClasses.table
  /// `ByteClasses.singleKinds`, held here for the same reason.
  private let singleKinds = ByteClasses.singleKinds

  /// Names longer than this are refused: no scene needs one, and every
  /// message that quotes a name stays short.
  package static let longestName = 255

  /// Where lexing stops: the end of the file, or of a `\(…)` in a string.
  let limit: Int

  package init(bytes: [UInt8]) {
    self.bytes = bytes
    limit = bytes.count
  }

  /// A lexer over part of the bytes (an interpolated expression), so its
  /// tokens carry positions in the whole file.
  package init(bytes: [UInt8], range: SourceRange) {
    self.bytes = bytes
    // Kept inside the bytes: the lexer reads below `limit` without a
    // bounds test (`classOfByte`), where a range past them would have
    // trapped.
    index = max(range.start, 0)
    limit = min(range.end, bytes.count)
  }

  /// The whole stream at once, for tests and tools.
  package static func tokenize(_ source: SourceFile, into diagnostics: inout DiagnosticList) -> TokenStream {
    var lexer = Lexer(bytes: source.bytes)
    var tokens: [Token] = []
    repeat { tokens.append(lexer.next()) } while tokens.last?.kind != .endOfFile
    diagnostics.absorb(lexer.diagnostics)
    return TokenStream(tokens: tokens, strings: lexer.strings)
  }

  /// The next token; `.endOfFile` for ever once the input is used up.
  package mutating func next() -> Token {
    advance()
    return made
  }

  /// The token `advance` made last (the parser's look-ahead).
  @inline(__always)
  package var token: Token { made }

  /// Lexes the next token into `token`, where the parser reads it.
  @inline(__always)
  package mutating func advance() {
    while !hasToken {
      guard index < limit else {
        emit(.endOfFile, from: index)
        break
      }
      step()
    }
    hasToken = false
  }

  func peek(_ ahead: Int = 0) -> UInt8 {
    index + ahead < limit ? bytes[index + ahead] : 0
  }

  /// Offsets fit in 32 bits: `Pencil.compile` refuses sources over
  /// `SourceFile.maximumSize` (128 MiB) before lexing.
  /// (So they are converted without a test that could trap.)
  mutating func emit(_ kind: TokenKind, from start: Int, _ first: Double = 0, _ second: Double = 0) {
    made = Token(
      kind: kind, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: index), first: first,
      second: second, flawed: tokenIsFlawed)
    made.triviaEnd = UInt32(truncatingIfNeeded: trivia.count)
    hasToken = true
    lastKind = kind
    tokenIsFlawed = false
  }

  /// A diagnostic with notes or fixes, made by the caller.
  mutating func report(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  mutating func report(_ code: DiagnosticCode, _ start: Int, _ end: Int, _ message: String) {
    diagnostics.append(Diagnostic(code, SourceRange(start, end), message))
    tokenIsFlawed = true
  }

  /// Consumes one token, or whitespace or a comment, dispatched on the
  /// class of its first byte. Inlined into `advance`: one call less per
  /// token, and no frame of its own.
  @inline(__always)
  private mutating func step() {
    var start = index
    var (byte, byteClass) = classOfByte(at: start)
    if byteClass == .space {
      // Most tokens follow a space: skip it, then lex the token in the
      // same step (a space run never ends at a space or tab).
      skipSpaces(from: start)
      guard index < limit else { return }
      start = index
      (byte, byteClass) = classOfByte(at: start)
    }
    switch byteClass {
    case .space:
      skipSpaces(from: start)
    case .carriageReturn where peek(1) == UInt8(ascii: "\n"):
      // CRLF: the LF after it ends the line.
      index += 1
      recordTrivia(.newline, from: start)
    case .lineFeed, .carriageReturn:
      // A CR alone ends a line too, as in editors and the language
      // server's line index (classic Mac files).
      index += 1
      if lastKind != .newline { emit(.newline, from: start) } else { recordTrivia(.newline, from: start) }
    case .letter:
      lexName()
    case .digit:
      lexNumber()
    case .slash:
      if peek(1) == UInt8(ascii: "/") {
        while index < limit, !isLineBreak(bytes[index]) { index += 1 }
        recordTrivia(.lineComment, from: start)
      } else if peek(1) == UInt8(ascii: "*") {
        skipBlockComment()
        recordTrivia(.blockComment, from: start)
      } else {
        single(.slash)
      }
    case .equals: pair(UInt8(ascii: "="), .equalEqual, else: .equals)
    case .less: pair(UInt8(ascii: "="), .lessEqual, else: .less)
    case .greater: pair(UInt8(ascii: "="), .greaterEqual, else: .greater)
    case .bang: pair(UInt8(ascii: "="), .notEqual, else: .not)
    case .ampersand where peek(1) == UInt8(ascii: "&"): double(.and)
    case .bar where peek(1) == UInt8(ascii: "|"): double(.or)
    case .single: single(singleKinds[Int(byte)])
    case .quote: lexString()
    case .apostrophe where lexSingleQuoted(): break
    case .hash: lexHex()
    case .dot:
      if peek(1) == UInt8(ascii: "."), peek(2) == UInt8(ascii: "<") || peek(2) == UInt8(ascii: ".") {
        index += 3
        emit(peek(-1) == UInt8(ascii: "<") ? .halfOpenRange : .closedRange, from: start)
      } else if isDigit(peek(1)) {
        lexNumber()
      } else {
        single(.dot)
      }
    // A minus is always an operator; the parser folds `-` before a literal
    // into a negative literal, so `-3` means what it always did.
    case .minus: single(.minus)
    case .other, .ampersand, .bar, .apostrophe:
      lexUnexpected()
    }
  }

  /// The byte at `position` (below `limit`) and its class, read without
  /// bounds tests: the class table has an entry for every byte.
  @inline(__always)
  private func classOfByte(at position: Int) -> (UInt8, ByteClass) {
    bytes.withUnsafeBufferPointer { buffer in
      classes.withUnsafeBufferPointer { classes in
        let byte = buffer[position]
        return (byte, classes[Int(byte)])
      }
    }
  }

  /// Spaces and tabs from `start`, kept as one piece of trivia when asked.
  @inline(__always)
  private mutating func skipSpaces(from start: Int) {
    index = scan(from: start + 1) { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    recordTrivia(.whitespace, from: start)
  }

  /// A name, with the keyword it spells (`Keyword.of`) decided here, once.
  private mutating func lexName() {
    let start = index
    let (end, keyword) = bytes.withUnsafeBufferPointer { buffer in
      classes.withUnsafeBufferPointer { classes in
        // The table has 256 entries: no bounds test per byte.
        var end = start + 1
        while end < limit, ByteClasses.isNamePart(classes[Int(buffer[end])]) { end += 1 }
        return (end, Keyword.of(buffer, from: start, to: end))
      }
    }
    index = end
    guard end - start <= Lexer.longestName else { return refuseLongName(from: start) }
    emit(.identifier, from: start)
    made.keyword = keyword
  }

  /// Out of `lexName`, whose every call would otherwise set up the frame
  /// this message needs.
  @inline(never)
  private mutating func refuseLongName(from start: Int) {
    // Messages quote names; a megabyte-long one would be quoted whole.
    report(
      LexerCodes.nameTooLong, start, index,
      "name '\(String(decoding: bytes[start..<start + 32], as: UTF8.self))…' is \(index - start) bytes long; names are at most \(Lexer.longestName) bytes"
    )
    emit(.invalid, from: start)
  }

  /// The end of the run of bytes from `position` that `accepts`, up to
  /// `limit`: one bounds check for the run instead of one per byte, as
  /// names and spaces are most of a scene's bytes.
  @inline(__always)
  private func scan(from position: Int, while accepts: (UInt8) -> Bool) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var end = min(position, limit)
      while end < limit, accepts(buffer[end]) { end += 1 }
      return end
    }
  }

  /// Keeps `start..<index` as trivia when asked to; a run of spaces or of
  /// skipped line breaks is one piece, each comment its own.
  @inline(__always)
  private mutating func recordTrivia(_ kind: TriviaKind, from start: Int) {
    if recordsTrivia { keepTrivia(kind, from: start) }
  }

  private mutating func keepTrivia(_ kind: TriviaKind, from start: Int) {
    if kind == .whitespace || kind == .newline, let last = trivia.last, last.kind == kind,
      last.end == UInt32(start)
    {
      trivia[trivia.count - 1].end = UInt32(index)
      return
    }
    trivia.append(TriviaPiece(start: UInt32(start), end: UInt32(index), kind: kind))
  }

  @inline(__always)
  private mutating func single(_ kind: TokenKind) {
    let start = index
    index += 1
    emit(kind, from: start)
  }

  private mutating func double(_ kind: TokenKind) {
    let start = index
    index += 2
    emit(kind, from: start)
  }

  /// `<=`-style pairs: `second` after the current byte makes `kind`.
  private mutating func pair(_ second: UInt8, _ kind: TokenKind, else single: TokenKind) {
    if peek(1) == second { double(kind) } else { self.single(single) }
  }

  private mutating func skipBlockComment() {
    let start = index
    index += 2
    while index < limit {
      if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        index += 2
        return
      }
      index += 1
    }
    report(LexerCodes.unterminatedComment, start, start + 2, "unterminated block comment; add '*/' to close it")
  }

  private mutating func lexUnexpected() {
    let start = index
    if bytes[index] >= 0x80, validUTF8Length(at: index) == 0 {
      index += 1
      report(
        LexerCodes.invalidUTF8, start, index,
        "invalid UTF-8 byte 0x\(String(bytes[start], radix: 16, uppercase: true)); save the file as UTF-8")
      emit(.invalid, from: start)
      return
    }
    let length = max(1, utf8SequenceLength(bytes[index]))
    index = min(limit, index + length)
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    var diagnostic = Diagnostic(
      LexerCodes.unexpectedCharacter, SourceRange(start, index), "unexpected character '\(text)'")
    if text == "×" {
      diagnostic = diagnostic.withFix(
        "sizes are written with the letter x, like 100x400", replacing: diagnostic.range, with: "x")
    }
    diagnostics.append(diagnostic)
    tokenIsFlawed = true
    emit(.invalid, from: start)
  }

  mutating func skipWord() {
    while isIdentifierPart(peek()) || peek() == UInt8(ascii: ".") { index += 1 }
  }

  func text(_ start: Int) -> String {
    String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// The word from `start` as a message quotes it: whole up to 40 bytes,
  /// else its first 32 and "…" (a word may be megabytes long, and a
  /// message is kept, printed and sent to an editor).
  func quoted(_ start: Int) -> String {
    index - start > 40 ? String(decoding: bytes[start..<start + 32], as: UTF8.self) + "…" : text(start)
  }

  /// Length of a well-formed UTF-8 sequence starting at `position`, or 0.
  func validUTF8Length(at position: Int) -> Int {
    wellFormedUTF8Length(bytes, at: position)
  }
}

/// An ASCII digit, 0–9.
package func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

package func isIdentifierStart(_ byte: UInt8) -> Bool {
  (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
}

/// A letter, a digit or `_`: one bit of a 128-bit mask (digits in the
/// low half, letters and `_` in the high), the test of every byte of a name.
@inline(__always)
package func isIdentifierPart(_ byte: UInt8) -> Bool {
  let mask: UInt64 = byte < 64 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_87FF_FFFE
  return byte < 128 && (mask >> UInt64(byte & 63)) & 1 != 0
}

/// The length of the well-formed UTF-8 sequence (Unicode 15, table 3-7)
/// starting at `position`, or 0 when it is not one: overlong forms,
/// surrogates and values above U+10FFFF are rejected by the ranges allowed
/// for the second byte. U+FFFD written literally is well-formed.
func wellFormedUTF8Length(_ bytes: [UInt8], at position: Int) -> Int {
  let lead = bytes[position]
  let length: Int
  var low: UInt8 = 0x80
  var high: UInt8 = 0xBF
  switch lead {
  case 0..<0x80: return 1
  case 0xC2...0xDF: length = 2
  case 0xE0: (length, low) = (3, 0xA0)
  case 0xE1...0xEC, 0xEE...0xEF: length = 3
  case 0xED: (length, high) = (3, 0x9F)
  case 0xF0: (length, low) = (4, 0x90)
  case 0xF1...0xF3: length = 4
  case 0xF4: (length, high) = (4, 0x8F)
  default: return 0
  }
  guard position + length <= bytes.count else { return 0 }
  let second = bytes[position + 1]
  guard second >= low, second <= high else { return 0 }
  for offset in 2..<length where bytes[position + offset] & 0xC0 != 0x80 { return 0 }
  return length
}

/// How many bytes the lead byte announces (1 for anything else).
private func utf8SequenceLength(_ lead: UInt8) -> Int {
  switch lead {
  case 0..<0x80: 1
  case 0xC2..<0xE0: 2
  case 0xE0..<0xF0: 3
  case 0xF0..<0xF5: 4
  default: 1
  }
}
