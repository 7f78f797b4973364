extension CellGrid {
  /// Lines that join at a junction, and a junction joins whatever meets
  /// it. Arrowheads do not: an arrow points at a box's side, and the side
  /// goes on past the head (`-->|`).
  private static let across = "-_+"
  private static let upright = "|()+"

  /// Where lines meet — a box's corner, an arrow's line leaving a box's
  /// side — a cell holds two lines and no single line character fits.
  /// `ThinLine.junction` finds most; this catches the rest from the cells
  /// around. A cell of ink the line test could not read becomes `+` when
  /// a line ends at it from the left or right and another from above or
  /// below, and continues a line that runs on at both sides of it; a `|`
  /// beside a `-` (or a `-` over a `|`) meets it, and is `+` too. A
  /// corner on a border between cells can put its two lines in two cells
  /// (one ends in this cell, the other starts beside it): the empty cell
  /// beside gets the `+` and this one continues its line. Twice over: a
  /// junction found late in the first pass (below or right of a cell
  /// already passed) joins that cell in the second.
  mutating func joinLines() {
    for _ in 0..<2 { joinPass() }
  }

  private func isLine(_ column: Int, _ row: Int, _ characters: String) -> Bool {
    guard column >= 0, column < columns, row >= 0, row < rows else { return false }
    return self[column, row].isLine && characters.contains(self[column, row].character)
  }

  private func isEmpty(_ column: Int, _ row: Int) -> Bool {
    guard column >= 0, column < columns, row >= 0, row < rows else { return false }
    return self[column, row].character == paper.character && !self[column, row].isLine
  }

  private mutating func set(_ column: Int, _ row: Int, _ character: Character) {
    self[column, row].character = character
    self[column, row].isLine = true
  }

  private mutating func joinPass() {
    let (across, upright) = (CellGrid.across, CellGrid.upright)
    for row in 0..<rows {
      for column in 0..<columns {
        let cell = self[column, row]
        if cell.isLine {
          let meets =
            cell.character == "|"
            ? isLine(column - 1, row, "-_") || isLine(column + 1, row, "-_")
            : "-_".contains(cell.character) && (isLine(column, row - 1, "|") || isLine(column, row + 1, "|"))
          if meets { set(column, row, "+") }
          continue
        }
        guard cell.isJunction else { continue }
        let (left, right) = (isLine(column - 1, row, across), isLine(column + 1, row, across))
        let (above, below) = (isLine(column, row - 1, upright), isLine(column, row + 1, upright))
        if (left || right) && (above || below) {
          set(column, row, "+")
        } else if left && right && !above && !below {
          set(column, row, self[column - 1, row].character == "_" ? "_" : "-")
        } else if above && below && !left && !right {
          set(column, row, "|")
        } else if left != right, !above, !below {
          let far = column + (left ? 1 : -1)
          guard isEmpty(far, row), isLine(far, row - 1, upright) || isLine(far, row + 1, upright) else { continue }
          set(column, row, self[column + (left ? -1 : 1), row].character == "_" ? "_" : "-")
          set(far, row, "+")
        } else if above != below, !left, !right {
          let far = row + (above ? 1 : -1)
          guard isEmpty(column, far), isLine(column - 1, far, across) || isLine(column + 1, far, across) else {
            continue
          }
          set(column, row, "|")
          set(column, far, "+")
        }
      }
    }
  }
}
