/// The mask penalty of ISO/IEC 18004 section 8.8.2 (the four rules), lower is better.
extension QRCode {
    func penalty() -> Int {
        var total = 0
        for horizontal in [true, false] {
            for line in 0..<size {
                let cells = (0..<size).map { horizontal ? self[$0, line] : self[line, $0] }
                total += runPenalty(cells) + finderPenalty(cells)
            }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let dark = self[x, y]
                if dark == self[x + 1, y], dark == self[x, y + 1], dark == self[x + 1, y + 1] { total += 3 }
            }
        }
        let dark = modules.filter { $0 }.count
        let count = size * size
        total += ((abs(dark * 20 - count * 10) + count - 1) / count - 1) * 10
        return total
    }

    /// Rule 1: a run of five or more modules of one colour costs 3, and 1 more per extra module.
    private func runPenalty(_ cells: [Bool]) -> Int {
        var total = 0
        var run = 1
        for i in 1...cells.count {
            if i < cells.count, cells[i] == cells[i - 1] {
                run += 1
                continue
            }
            if run >= 5 { total += run - 2 }
            run = 1
        }
        return total
    }

    /// Rule 3: dark-light-dark×3-light-dark with four light modules (or the edge) on one side costs 40.
    private func finderPenalty(_ cells: [Bool]) -> Int {
        let pattern: [Bool] = [true, false, true, true, true, false, true]
        var total = 0
        for start in 0...(cells.count - 7) where Array(cells[start..<start + 7]) == pattern {
            let before = (max(0, start - 4)..<start).allSatisfy { !cells[$0] }
            let after = (start + 7..<min(cells.count, start + 11)).allSatisfy { !cells[$0] }
            if before || after { total += 40 }
        }
        return total
    }
}
