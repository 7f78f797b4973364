import Foundation

/// The examples of the documentation: every ```` ```pencil ```` block of
/// README.md and of every page under docs/. A block fenced
/// ```` ```pencil E0201 ```` shows that mistake on purpose: it is written
/// to have that error.
enum DocumentationExamples {
  struct Block {
    /// The page and the block's place in it, as "docs/tutorial.md block 3".
    var name: String
    var source: String
    /// The error code the block is written to show, if it shows one.
    var expectedCode: String?
  }

  /// README.md, then docs/**/*.md in path order.
  static func pages() -> [URL] {
    var pages = [Repository.root.appendingPathComponent("README.md")]
    var found: [URL] = []
    let walker = FileManager.default.enumerator(
      at: Repository.root.appendingPathComponent("docs"), includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      if url.pathExtension == "md" { found.append(url) }
    }
    pages += found.sorted { $0.path < $1.path }
    return pages
  }

  static func all() throws -> [Block] {
    var blocks: [Block] = []
    let rootPath = Repository.root.path + "/"
    for page in pages() {
      let name = page.path.hasPrefix(rootPath) ? String(page.path.dropFirst(rootPath.count)) : page.path
      let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
      var index = 0
      var count = 0
      while index < lines.count {
        let line = lines[index]
        index += 1
        guard line.hasPrefix("```pencil") else { continue }
        let info = line.dropFirst("```pencil".count).trimmingCharacters(in: .whitespaces)
        var body: [String] = []
        while index < lines.count, !lines[index].hasPrefix("```") {
          body.append(lines[index])
          index += 1
        }
        index += 1
        blocks.append(
          Block(
            name: "\(name) block \(count)", source: body.map { $0 + "\n" }.joined(),
            expectedCode: info.isEmpty ? nil : info))
        count += 1
      }
    }
    return blocks
  }
}
